/**
 * Local days of a store's time zone. Stores are in zones whose offsets are
 * whole hours (common/store-stats.ts), so an hour in UTC falls whole into one
 * local day and a local midnight is a whole UTC hour.
 */
export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

const formats = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formats.set(timeZone, f);
  }
  return f;
}

function wallClock(ms: number, timeZone: string) {
  const parts = Object.fromEntries(
    format(timeZone)
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    asUtc: Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!),
  };
}

/** The local date (YYYY-MM-DD) of an instant. */
export function localDay(ms: number, timeZone: string): string {
  return wallClock(ms, timeZone).day;
}

/** The instant a local day starts. */
export function dayStart(day: string, timeZone: string): number {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  // The zone's offset at the guess, then again at the result (a change of offset that day moves it).
  let start = guess - (wallClock(guess, timeZone).asUtc - guess);
  start = guess - (wallClock(start, timeZone).asUtc - start);
  return start;
}

/** The date `n` days after (or before, negative) a date. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}
