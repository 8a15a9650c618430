import { ATTEMPT_OFFSETS_MS, nextAttemptAt } from './retry-schedule';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

describe('the retry schedule', () => {
  const created = new Date('2026-11-26T00:00:00.000Z');

  it("follows Standard Webhooks: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h after the event", () => {
    expect(ATTEMPT_OFFSETS_MS).toEqual([0, 5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 14 * HOUR, 20 * HOUR, 24 * HOUR]);
    const dues = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((made) => nextAttemptAt(created, made, created)?.getTime() ?? null);
    expect(dues.map((due) => (due === null ? null : due - created.getTime()))).toEqual(ATTEMPT_OFFSETS_MS.slice(1));
  });

  it('gives up after the tenth attempt, 24 h after the event', () => {
    expect(nextAttemptAt(created, 10, created)).toBeNull();
  });

  it('sends an attempt whose time passed while no replica ran at once', () => {
    const now = new Date(created.getTime() + 3 * HOUR);
    expect(nextAttemptAt(created, 2, now)).toEqual(now);
  });
});
