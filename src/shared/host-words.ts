/**
 * What closing a hosted table does to the others, in one sentence: asked by the desktop window before it
 * closes (main) and by the table's Leave (renderer), in the same words.
 */
/** The other people at a table: connected human seats besides the host machine's own player (bots do not mind). */
export function othersAtTable(seats: readonly { kind: 'human' | 'bot'; isHost: boolean; autoPlayed: boolean; connected: boolean }[]): number {
  return seats.filter((s) => s.kind === 'human' && !s.isHost && !s.autoPlayed && s.connected).length
}

export function closeTableQuestion(status: 'lobby' | 'playing' | 'over', others: number): string | null {
  if (others <= 0) return null
  const players = `${others} player${others === 1 ? '' : 's'}`
  return status === 'playing' ? `End the game for ${players}? It is saved and can be resumed.` : `Close the table for ${players}?`
}
