/**
 * USPS schedules by US Central time: the Shipping Services File (the manifest that ends free cancellation) goes at
 * 12:30am CT after the mailing date (Labels OpenAPI 3.9.13, "Manifest Scheduling").
 */
const CENTRAL = 'America/Chicago';

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: CENTRAL,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const centralWall = (instant: Date): { date: string; time: string } => {
  const part = (type: Intl.DateTimeFormatPartTypes) => wallClock.formatToParts(instant).find((p) => p.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
};

/** The calendar day in Central time, `YYYY-MM-DD`. */
export const centralDate = (instant: Date): string => centralWall(instant).date;

/** `YYYY-MM-DD` plus whole days. */
export const addDays = (isoDate: string, days: number): string => {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + days)).toISOString().slice(0, 10);
};

/** The instant a Central wall-clock time happens on a day (Central is UTC−6 in winter, UTC−5 in summer). */
export const centralInstant = (isoDate: string, hour: number, minute: number): Date => {
  const [year, month, day] = isoDate.split('-').map(Number);
  const wallAsUtc = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1, hour, minute);
  const wanted = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  for (const offsetHours of [5, 6]) {
    const candidate = new Date(wallAsUtc + offsetHours * 3_600_000);
    const wall = centralWall(candidate);
    if (wall.date === isoDate && wall.time === wanted) return candidate;
  }
  return new Date(wallAsUtc + 6 * 3_600_000);
};

/** When USPS sends the Shipping Services File of a label mailed on `mailingDate` (a date or an RFC 3339 date-time). */
export const manifestInstant = (mailingDate: string): Date => centralInstant(addDays(mailingDate.slice(0, 10), 1), 0, 30);
