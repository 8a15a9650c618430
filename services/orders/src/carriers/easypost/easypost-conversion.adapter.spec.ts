import { FakeEasyPostServer, type FakeEasyPostStep } from '@labeldesk/testing';
import type { PurchaseOutcome } from '../carrier.port';
import { MemoryJournal } from '../testing/carrier-contract.suite';
import { EasyPostCarrierAdapter } from './easypost.adapter';
import { easyPostTestShipment } from './easypost-fixtures';
import { NO_FUNDS_MESSAGE } from './easypost-outcomes';

/**
 * Labels bought as every recorded buy answers them (a PNG `label_url`, no PDF or ZPL address: the fake's
 * `pngLabelsOnly`), and EasyPost turning a request away (402, 429) at each step of a purchase.
 */

let fake: FakeEasyPostServer;
let carrier: EasyPostCarrierAdapter;
let keys = 0;
const nextKey = () => `conversion-${process.pid}-${++keys}`;

const bought = (outcome: PurchaseOutcome) => {
  if (outcome.kind !== 'bought') throw new Error(`expected a bought label, got ${JSON.stringify(outcome)}`);
  return outcome.label;
};
const requestsSeen = () => fake.requests.map(({ method, path }) => `${method} ${path.replace(/shp_[0-9a-f]+/, 'shp')}`);
const buysSent = () => requestsSeen().filter((request) => request.endsWith('/buy')).length;

beforeEach(async () => {
  fake = new FakeEasyPostServer({ pngLabelsOnly: true });
  await fake.start();
  carrier = new EasyPostCarrierAdapter({ apiKey: fake.apiKey, apiUrl: fake.url, timeoutMs: 60_000 });
});
afterEach(async () => {
  await fake.stop();
  expect(fake.shapeViolations()).toEqual([]);
});

describe('EasyPostCarrierAdapter: a buy that answers only a PNG', () => {
  it.each([
    ['PDF', '%PDF-'],
    ['ZPL', '^XA'],
  ] as const)('asks EasyPost to convert the label to %s and passes that file on, bought once', async (format, starts) => {
    const label = bought(await carrier.purchase({ ...easyPostTestShipment(), format }, nextKey(), new MemoryJournal()));
    expect(requestsSeen()).toEqual(['POST /v2/shipments', 'POST /v2/shipments/shp/buy', `GET /v2/shipments/shp/label`]);
    expect(label.file.toString('latin1').startsWith(starts)).toBe(true);
    expect(label.format).toBe(format);
    expect(fake.labelsSold()).toBe(1);
  });

  it.each([
    ['a 429', (at: FakeEasyPostStep) => fake.rateLimitNext(3, at)],
    ['a 402', (at: FakeEasyPostStep) => fake.insufficientFundsNext(at)],
    ['a 503', (at: FakeEasyPostStep) => fake.failNextAt(at, 503)],
  ])('says unknown when the conversion answers %s after the sale, and resolve converts it without a second buy', async (_name, fault) => {
    const key = nextKey();
    const journal = new MemoryJournal();
    fault('convert');
    const outcome = await carrier.purchase(easyPostTestShipment(), key, journal);
    expect(outcome).toMatchObject({ kind: 'unknown', message: expect.stringContaining('was bought, but EasyPost did not convert it to a PDF yet') });
    expect(outcome).not.toHaveProperty('unreadable');
    const label = bought(await carrier.resolve(easyPostTestShipment(), key, journal.refs));
    expect(label.file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bought(await carrier.purchase(easyPostTestShipment(), key, journal)).trackingNumber).toBe(label.trackingNumber);
    expect(buysSent()).toBe(1);
    expect(fake.labelsSold()).toBe(1);
  });
});

describe('EasyPostCarrierAdapter: EasyPost turning a request away', () => {
  it.each(['create', 'buy'] as const)('says not attempted for lack of funds on a 402 to the %s, in words a customer understands', async (at) => {
    fake.insufficientFundsNext(at);
    const outcome = await carrier.purchase(easyPostTestShipment(), nextKey(), new MemoryJournal());
    expect(outcome).toEqual({ kind: 'not_attempted', reason: 'upstream_funds', message: NO_FUNDS_MESSAGE });
    expect(fake.labelsSold()).toBe(0);
  });

  it('tells the customer plainly that nothing was charged and that buying resumes', () => {
    expect(NO_FUNDS_MESSAGE).toMatch(/no label was bought and nothing was charged/);
    expect(NO_FUNDS_MESSAGE).toMatch(/can be bought again as soon as/);
    expect(NO_FUNDS_MESSAGE).not.toMatch(/402|wallet|PAYMENT|[{}[\]]/);
  });

  it.each(['create', 'buy'] as const)('passes a 429 on the %s on as rate limited with its Retry-After, and the same key buys once later', async (at) => {
    const key = nextKey();
    const journal = new MemoryJournal();
    fake.rateLimitNext(4, at);
    expect(await carrier.purchase(easyPostTestShipment(), key, journal)).toMatchObject({ kind: 'not_attempted', reason: 'rate_limited', retryAfterMs: 4000 });
    expect(fake.labelsSold()).toBe(0);
    bought(await carrier.purchase(easyPostTestShipment(), key, journal));
    expect(fake.shipmentsCreated()).toBe(1);
    expect(fake.labelsSold()).toBe(1);
  });
});
