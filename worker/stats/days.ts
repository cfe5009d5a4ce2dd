/**
 * Local days of a store's time zone. Stores are in zones whose offsets are
 * whole hours (common/store-stats.ts), so an hour in UTC falls whole into one
 * local day and a local midnight is a whole UTC hour.
 */
export const HOUR_MS = 60 * 60 * 1000;

const formats = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formats.set(timeZone, f);
  }
  return f;
}

/** The local date (YYYY-MM-DD) of an instant. */
export function localDay(ms: number, timeZone: string): string {
  const parts = Object.fromEntries(
    format(timeZone)
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * The instant a local day starts: the first whole UTC hour that falls on it
 * (a day whose midnight a clock change skips starts at 01:00).
 */
export function dayStart(day: string, timeZone: string): number {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  // Zones run from UTC−12 to UTC+14.
  for (let hour = -14; hour <= 14; hour++) {
    const at = utcMidnight + hour * HOUR_MS;
    if (localDay(at, timeZone) === day) return at;
  }
  throw new Error(`no start found for ${day} in ${timeZone}`);
}

/** The date `n` days after (or before, negative) a date. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}
