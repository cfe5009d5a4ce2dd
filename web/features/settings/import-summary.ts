import { t } from "./texts";

/** What the seller is told after a catalogue import: how many products are new and how many it updated (found by their identifier). */
export function importSummary({ created, updated }: { created: number; updated: number }): string {
  const made = t("importMade", { count: created });
  const changed = t("importChanged", { count: updated });
  if (!updated) return t("importOnlyNew", { made });
  if (!created) return t("importOnlyUpdated", { changed });
  return t("importBoth", { made, changed });
}
