/** Calendar days in the operator's time zone, for "one per day" rules (free sign-in, daily gifts). */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Per zone, the last quarter hour asked and its day (a batch of events asks about the same few quarters again and again). */
const lastDay = new Map<string, { quarter: number; day: string }>();

/**
 * The calendar day of `at` in `tz`, as YYYY-MM-DD. Zones' offsets and their changes fall on quarter
 * hours, so a quarter hour of UTC lies within one day of any zone.
 */
export function dayIn(tz: string, at: Date): string {
  const quarter = Math.floor(at.getTime() / 900_000);
  const last = lastDay.get(tz);
  if (last?.quarter === quarter) return last.day;
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(tz, f);
  }
  const day = f.format(at);
  lastDay.set(tz, { quarter, day });
  return day;
}

/** The day `n` days after `day` (YYYY-MM-DD; n may be negative). */
export function addDays(day: string, n: number): string {
  const t = Date.parse(`${day}T00:00:00Z`) + n * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** tz's offset from UTC at `at`, in ms (positive east of Greenwich). */
const clocks = new Map<string, Intl.DateTimeFormat>();

function offsetAt(tz: string, at: number): number {
  let f = clocks.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    clocks.set(tz, f);
  }
  const parts = f.formatToParts(new Date(at));
  const v = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return Date.UTC(v('year'), v('month') - 1, v('day'), v('hour'), v('minute'), v('second')) - Math.floor(at / 1000) * 1000;
}

/** The instant `day` begins in `tz` (its local midnight). */
export function startOfDay(tz: string, day: string): Date {
  const guess = Date.parse(`${day}T00:00:00Z`);
  let t = guess - offsetAt(tz, guess);
  // Across a change of offset the first guess is an hour off: settle on the offset at the answer.
  t = guess - offsetAt(tz, t);
  return new Date(t);
}
