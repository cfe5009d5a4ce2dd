/**
 * Failed generations the seller has already been told about, by id: the one
 * that failed in front of them, or one they dismissed with 'Entendido'. The
 * job list (ui/job-activity.tsx) shows only the others.
 */
const SEEN_KEY = "vidriera.seenFailedJobs";
const KEEP = 50;

export function seenFailedJobs(): string[] {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(SEEN_KEY) ?? "[]");
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

export function markFailedJobSeen(id: string): string[] {
  const ids = [...seenFailedJobs().filter((seen) => seen !== id), id].slice(-KEEP);
  try {
    localStorage.setItem(SEEN_KEY, JSON.stringify(ids));
  } catch {
    // Private modes may refuse storage: the notice then only stays hidden in this screen.
  }
  return ids;
}
