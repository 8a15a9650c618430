import type { Reply } from './json';
import { FAKE_USPS_SCAN_KINDS, type FakeUspsScanKind } from './tracking';

/** What `/__fake/*` can drive: the fault switches, the funds, the clock, and the counters. */
export interface FakeUspsControls {
  failNextWith(status: 500 | 502 | 503): void;
  rateLimitNext(seconds: number): void;
  loseNextBuyAnswer(): void;
  hangNextStepBeforeBuy(): void;
  revokeTokens(): void;
  expireAccessTokens(): void;
  expirePaymentTokens(): void;
  setHourlyQuotaExhausted(exhausted: boolean): void;
  setFundsExhausted(exhausted: boolean): void;
  setClock(at: Date): void;
  /** Throws when the fake sold no such label. */
  addScan(trackingNumber: string, kind: FakeUspsScanKind): void;
  stats(): Record<string, unknown>;
}

/** The control routes of a fake run as its own process (scripts/fake-usps.mjs), where tests cannot call methods. */
export const controlReply = (controls: FakeUspsControls, method: string, rawUrl: string): Reply => {
  const url = new URL(rawUrl, 'http://fake-usps');
  const number = (name: string) => Number(url.searchParams.get(name));
  const done = (act: () => void): Reply => {
    act();
    return { status: 200, body: { ok: true } };
  };
  const status = number('status');
  const at = Date.parse(url.searchParams.get('at') ?? '');
  switch (`${method} ${url.pathname}`) {
    case 'GET /__fake/stats':
      return { status: 200, body: controls.stats() };
    case 'POST /__fake/fail-next':
      if (status === 500 || status === 502 || status === 503) return done(() => controls.failNextWith(status));
      break;
    case 'POST /__fake/rate-limit-next':
      if (number('seconds') > 0) return done(() => controls.rateLimitNext(number('seconds')));
      break;
    case 'POST /__fake/lose-next-buy':
      return done(() => controls.loseNextBuyAnswer());
    case 'POST /__fake/hang-next-step':
      return done(() => controls.hangNextStepBeforeBuy());
    case 'POST /__fake/revoke-tokens':
      return done(() => controls.revokeTokens());
    case 'POST /__fake/expire-tokens': {
      const which = url.searchParams.get('which');
      if (which === 'access') return done(() => controls.expireAccessTokens());
      if (which === 'payment') return done(() => controls.expirePaymentTokens());
      break;
    }
    case 'POST /__fake/hourly-quota':
      return done(() => controls.setHourlyQuotaExhausted(url.searchParams.get('exhausted') === 'true'));
    case 'POST /__fake/funds':
      return done(() => controls.setFundsExhausted(url.searchParams.get('exhausted') === 'true'));
    case 'POST /__fake/clock':
      if (!Number.isNaN(at)) return done(() => controls.setClock(new Date(at)));
      break;
    case 'POST /__fake/scan': {
      const trackingNumber = url.searchParams.get('trackingNumber') ?? '';
      const kind = url.searchParams.get('kind') as FakeUspsScanKind;
      if (!trackingNumber || !FAKE_USPS_SCAN_KINDS.includes(kind)) break;
      try {
        return done(() => controls.addScan(trackingNumber, kind));
      } catch (error) {
        return { status: 404, body: { error: error instanceof Error ? error.message : String(error) } };
      }
    }
  }
  return { status: 404, body: { error: `no control ${method} ${url.pathname} with these parameters` } };
};
