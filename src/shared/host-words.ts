/**
 * What closing a hosted table does to the others, in one sentence: asked by the desktop window before it
 * closes (main) and by the table's Leave (renderer), in the same words.
 */
export function closeTableQuestion(status: 'lobby' | 'playing' | 'over', others: number): string | null {
  if (others <= 0) return null
  const players = `${others} player${others === 1 ? '' : 's'}`
  return status === 'playing' ? `End the game for ${players}? It is saved and can be resumed.` : `Close the table for ${players}?`
}
