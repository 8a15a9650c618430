import { UspsCarrierAdapter, type UspsCarrierOptions } from './usps.adapter';
import { USPS_TEST_SHIPPER } from './usps-fixtures';

/** What the harness needs of the fake USPS (libs/testing's, which only specs may import). */
export interface StartableUspsFake {
  readonly url: string;
  start(): Promise<unknown>;
  stop(): Promise<unknown>;
  specViolations(): unknown[];
}

/**
 * For a spec: a fresh fake USPS and an adapter buying from it on `account` for each case, and after each case the check
 * that every request sent and answer given kept to USPS's published specs.
 */
export const withFreshUspsFake = <F extends StartableUspsFake>(newFake: () => F, account: Omit<UspsCarrierOptions, 'apiUrl' | 'shipperOf'>): { fake: () => F; usps: () => UspsCarrierAdapter } => {
  let fake: F | undefined;
  let usps: UspsCarrierAdapter | undefined;
  beforeEach(async () => {
    fake = newFake();
    await fake.start();
    usps = new UspsCarrierAdapter({ apiUrl: fake.url, timeoutMs: 10_000, ...account, shipperOf: () => USPS_TEST_SHIPPER });
  });
  afterEach(async () => {
    expect(fake?.specViolations()).toEqual([]);
    await fake?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the fake USPS is started before each case');
    return value;
  };
  return { fake: () => started(fake), usps: () => started(usps) };
};
