/**
 * When each attempt of a message is due, counted from the event (Standard Webhooks' schedule: at once, 5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h). After the last one fails the message is given up: 24 h of retries.
 */
export const ATTEMPT_OFFSETS_MS: readonly number[] = [0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000, 72_000_000, 86_400_000];

/** When attempt `attemptsMade + 1` is due after `attemptsMade` failed, or null when the message is given up. */
export const nextAttemptAt = (createdAt: Date, attemptsMade: number, now: Date = new Date()): Date | null => {
  const offset = ATTEMPT_OFFSETS_MS[attemptsMade];
  if (offset === undefined) return null;
  // A replica that was down past an attempt's time sends it at once, not never.
  return new Date(Math.max(createdAt.getTime() + offset, now.getTime()));
};
