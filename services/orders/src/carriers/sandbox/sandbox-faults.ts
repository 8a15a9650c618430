import type { PurchaseOutcome } from '../carrier.port';

type Fault = { kind: 'hang' } | { kind: 'rate_limited'; seconds: number } | { kind: 'status'; status: number };

/**
 * Faults the sandbox plays on request, the way the real carriers' fake servers play them over HTTP: the carrier
 * contract suite runs the same cases against every adapter.
 */
export class SandboxFaults {
  private readonly queued: Fault[] = [];
  private isDown = false;
  private loseNext = false;

  loseNextBuyAnswer(): void {
    this.loseNext = true;
  }

  hangNextStepBeforeBuy(): void {
    this.queued.push({ kind: 'hang' });
  }

  rateLimitNext(seconds: number): void {
    this.queued.push({ kind: 'rate_limited', seconds });
  }

  failNextWith(status: number): void {
    this.queued.push({ kind: 'status', status });
  }

  down(): void {
    this.isDown = true;
  }

  up(): void {
    this.isDown = false;
  }

  /** While down, void, refund status and tracking get no answer either. */
  get unreachable(): boolean {
    return this.isDown;
  }

  /** The outcome of a purchase stopped before anything was issued, or null when it goes ahead. */
  beforeBuy(): Extract<PurchaseOutcome, { kind: 'not_attempted' }> | null {
    if (this.isDown) return { kind: 'not_attempted', reason: 'unavailable', message: 'Sandbox carrier: connection refused' };
    const fault = this.queued.shift();
    if (!fault) return null;
    if (fault.kind === 'rate_limited') return { kind: 'not_attempted', reason: 'rate_limited', message: 'Sandbox carrier: too many requests', retryAfterMs: fault.seconds * 1000 };
    if (fault.kind === 'hang') return { kind: 'not_attempted', reason: 'unavailable', message: 'Sandbox carrier: no answer in time' };
    return { kind: 'not_attempted', reason: 'unavailable', message: `Sandbox carrier: answered ${fault.status}` };
  }

  /** True once after loseNextBuyAnswer: the label was issued but its answer is lost. */
  loseAnswer(): boolean {
    const lose = this.loseNext;
    this.loseNext = false;
    return lose;
  }
}
