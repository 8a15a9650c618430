import { setTimeout as wait } from 'node:timers/promises';
import type { IncomingHttpHeaders } from 'node:http';

export type Sleep = (ms: number) => Promise<void>;

/** The longest pause a Retry-After is followed for; a store asking for more is answered with its 429. */
export const MAX_PAUSE_MS = 60_000;
/** The first pause when the store names none; doubled each time. */
export const FIRST_PAUSE_MS = 1_000;

/** The pause a 429 asks for: its Retry-After in seconds or as a date, else a doubling one; null when too long to wait. */
export const pauseFor = (headers: IncomingHttpHeaders, attempt: number, now: number = Date.now()): number | null => {
  const raw = headers['retry-after'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  let ms = FIRST_PAUSE_MS * 2 ** (attempt - 1);
  if (value !== undefined && value.trim() !== '') {
    const seconds = Number(value);
    const date = Date.parse(value);
    if (Number.isFinite(seconds)) ms = Math.max(0, seconds * 1000);
    else if (Number.isFinite(date)) ms = Math.max(0, date - now);
  }
  return ms > MAX_PAUSE_MS ? null : ms;
};

/** Sends, and while the answer is 429 waits as asked and sends again, up to `tries` calls in all. */
export const withBackoff = async <Answer extends { status: number; headers: IncomingHttpHeaders }>(
  send: () => Promise<Answer>,
  options: { tries: number; sleep?: Sleep },
): Promise<Answer> => {
  const sleep = options.sleep ?? ((ms: number) => wait(ms));
  for (let attempt = 1; ; attempt++) {
    const answer = await send();
    if (answer.status !== 429 || attempt >= options.tries) return answer;
    const pause = pauseFor(answer.headers, attempt);
    if (pause === null) return answer;
    await sleep(pause);
  }
};
