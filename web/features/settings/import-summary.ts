/** What the seller is told after a catalogue import: how many products are new and how many it updated (found by their identifier). */
export function importSummary({ created, updated }: { created: number; updated: number }): string {
  const made = created === 1 ? "1 producto nuevo" : `${created} productos nuevos`;
  const changed = updated === 1 ? "1 producto que ya tenías" : `${updated} productos que ya tenías`;
  if (!updated) return `Importamos ${made}, como borrador o publicado según el archivo.`;
  if (!created) return `Actualizamos ${changed}: ninguno se duplicó.`;
  return `Importamos ${made} y actualizamos ${changed}.`;
}
