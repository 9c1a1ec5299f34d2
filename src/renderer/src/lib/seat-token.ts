/**
 * A browser's seat token for the host that served the page (`table.join` answers it): kept in
 * localStorage so a reload, or a dropped phone, reclaims the same seat.
 */
const key = () => `p10.seatToken.${typeof location !== 'undefined' ? location.host : ''}`

export function savedSeatToken(): string | null {
  try {
    return localStorage.getItem(key())
  } catch {
    return null
  }
}

export function saveSeatToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(key(), token)
    else localStorage.removeItem(key())
  } catch {
    // private mode: the seat is simply not reclaimable after a reload
  }
}
