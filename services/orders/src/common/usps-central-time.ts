/**
 * USPS keeps Central time: a label's Shipping Services File (the manifest that ends free cancellation) is sent at
 * 12:30am Central after the mailing date, and a mailing day is a Central day. Worked out from instants only, so every
 * replica and every restart agrees without shared state.
 */
const CENTRAL = 'America/Chicago';

const centralWallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: CENTRAL,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const wallTimeOf = (instant: Date): WallTime => {
  const parts = centralWallClock.formatToParts(instant);
  const value = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return { year: value('year'), month: value('month'), day: value('day'), hour: value('hour'), minute: value('minute') };
};

/** The calendar day in Central time, `YYYY-MM-DD`. */
export const centralDayOf = (instant: Date): string => {
  const { year, month, day } = wallTimeOf(instant);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

/**
 * The instant a Central wall-clock time happens on a day. Central is UTC−6 (CST) or UTC−5 (CDT): each offset is tried
 * and the one whose instant reads back as that wall time wins, so the answer is right on both sides of a DST change.
 */
export const centralInstant = (year: number, month: number, day: number, hour: number, minute: number): Date => {
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute);
  for (const offsetHours of [5, 6]) {
    const candidate = new Date(wallAsUtc + offsetHours * 3_600_000);
    const wall = wallTimeOf(candidate);
    const normalised = new Date(Date.UTC(year, month - 1, day));
    if (
      wall.year === normalised.getUTCFullYear() &&
      wall.month === normalised.getUTCMonth() + 1 &&
      wall.day === normalised.getUTCDate() &&
      wall.hour === hour &&
      wall.minute === minute
    ) {
      return candidate;
    }
  }
  // A wall time skipped by the spring change (2:00–2:59am) does not exist: standard time's reading is the closest.
  return new Date(wallAsUtc + 6 * 3_600_000);
};

/** 12:30am Central on the day after the Central day of `purchasedAt`: when USPS would manifest the label. */
export const nextCentralManifest = (purchasedAt: Date): Date => {
  const { year, month, day } = wallTimeOf(purchasedAt);
  // Date.UTC rolls day 32 into the next month (and Dec 32 into January).
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return centralInstant(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0, 30);
};
