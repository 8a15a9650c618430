import { errorAnswer, type FakeAnswer } from './errors';

/**
 * The faults a test arms on the fake, each taken once by the request it is aimed at. The error bodies here are in
 * EasyPost's recorded error shape; their codes are not in a recording (recorded/README.md lists them).
 */

/** The requests of a purchase a fault can be aimed at. */
export type FakeEasyPostStep = 'create' | 'buy' | 'convert' | 'retrieve';

export const FAKE_EASYPOST_STEPS: readonly FakeEasyPostStep[] = ['create', 'buy', 'convert', 'retrieve'];

export const rateLimited = (seconds: number): FakeAnswer =>
  errorAnswer({ status: 429, code: 'RATE_LIMITED', message: 'Too many requests. Slow down and try again.', errors: [] }, { 'Retry-After': String(seconds) });

export const serverError = (status: number, message = 'We are sorry, something went wrong. Please try again.'): FakeAnswer =>
  errorAnswer({ status, code: 'INTERNAL_SERVER_ERROR', message, errors: [] });

/** The platform's EasyPost wallet cannot pay (easypost-node maps a 402 to its PaymentError). */
export const insufficientFunds = (): FakeAnswer =>
  errorAnswer({ status: 402, code: 'PAYMENT.INSUFFICIENT_FUNDS', message: 'Insufficient funds. Add funds to your EasyPost wallet to buy postage.', errors: [] });

/** mulberry32: the random 429s repeat run after run with the same seed. */
const seeded = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

export class FakeEasyPostFaults {
  loseBuyAnswer = false;
  hangCreate = false;
  buyFailure: { status: number; afterBuying: boolean } | null = null;
  labelFileStatus: number | null = null;
  private rateLimit: FakeAnswer | null = null;
  private failure: FakeAnswer | null = null;
  private readonly atStep = new Map<FakeEasyPostStep, FakeAnswer>();
  private readonly random: () => number;

  constructor(
    /** Share (0..1) of API requests answered 429 at random. */
    private readonly rateLimitShare: number,
    seed: number,
  ) {
    if (!(rateLimitShare >= 0 && rateLimitShare <= 1)) throw new RangeError(`rateLimitShare must be within 0..1, got ${rateLimitShare}`);
    this.random = seeded(seed);
  }

  /** The next request (or, with `at`, the next request of that step) is answered 429. */
  rateLimitNext(seconds: number, at?: FakeEasyPostStep): void {
    if (at) this.atStep.set(at, rateLimited(seconds));
    else this.rateLimit = rateLimited(seconds);
  }

  failNextWith(status: number): void {
    this.failure = serverError(status);
  }

  answerNextAt(at: FakeEasyPostStep, answer: FakeAnswer): void {
    this.atStep.set(at, answer);
  }

  /** The fault aimed at any next request, taken at once so two concurrent requests cannot both take it. */
  takeForRequest(): FakeAnswer | null {
    const taken = this.rateLimit ?? this.failure;
    if (taken) {
      // A 429 goes first; a failure armed with it waits for the request after.
      if (this.rateLimit) this.rateLimit = null;
      else this.failure = null;
      return taken;
    }
    return this.rateLimitShare > 0 && this.random() < this.rateLimitShare ? rateLimited(1) : null;
  }

  takeForStep(step: FakeEasyPostStep): FakeAnswer | null {
    const taken = this.atStep.get(step) ?? null;
    this.atStep.delete(step);
    return taken;
  }
}
