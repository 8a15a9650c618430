import type { FakeAnswer } from './errors';
import { FAKE_EASYPOST_STEPS, type FakeEasyPostStep } from './faults';
import type { FakeRefundStatus } from './ledger';
import type { FakeTrackingEvent } from './trackers';

/** The faults `POST /_fake/faults` takes: `{fault, seconds?, status?, afterBuying?, at?, message?}`. */
export type FakeEasyPostFault =
  | 'loseNextBuyAnswer'
  | 'hangNextStepBeforeBuy'
  | 'rateLimitNext'
  | 'failNextWith'
  | 'failNextBuyWith'
  | 'insufficientFundsNext'
  | 'failNextAt'
  | 'failNextScanForm';

/** What the control routes drive: the fake's own public controls. */
export interface FakeEasyPostControls {
  labelsSold(): number;
  voidsAccepted(): number;
  shipmentsCreated(): number;
  loseNextBuyAnswer(): void;
  hangNextStepBeforeBuy(): void;
  rateLimitNext(seconds: number, at?: FakeEasyPostStep): void;
  failNextWith(status: number): void;
  failNextBuyWith(status: number, afterBuying?: boolean): void;
  insufficientFundsNext(at?: FakeEasyPostStep): void;
  failNextAt(at: FakeEasyPostStep, status: number): void;
  failNextScanForm(message: string): void;
  settleRefund(shipmentId: string, status: Exclude<FakeRefundStatus, 'submitted'>): void;
  settleRefundOf(trackingCode: string, status: Exclude<FakeRefundStatus, 'submitted'>): void;
  addTrackingEvent(trackingCode: string, event: FakeTrackingEvent): unknown;
}

const parseControl = (body: string): Record<string, unknown> | null => {
  try {
    const value = JSON.parse(body || '{}') as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

const TRACKER_STATUSES = ['unknown', 'pre_transit', 'in_transit', 'out_for_delivery', 'delivered', 'available_for_pickup', 'return_to_sender', 'failure', 'cancelled', 'error'];

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const stepOf = (value: unknown): FakeEasyPostStep | undefined => FAKE_EASYPOST_STEPS.find((step) => step === value);

/**
 * `GET /_fake/state`, `POST /_fake/faults`, `POST /_fake/refunds` and `POST /_fake/tracking`: the fake driven by tests
 * in another process (scripts/fake-easypost.mjs documents them).
 */
export const controlAnswer = (fake: FakeEasyPostControls, method: string, path: string, body: string): FakeAnswer => {
  if (method === 'GET' && path === '/_fake/state') {
    return { status: 200, body: { labelsSold: fake.labelsSold(), voidsAccepted: fake.voidsAccepted(), shipments: fake.shipmentsCreated() } };
  }
  if (method !== 'POST') return { status: 404, body: { error: `no control route ${method} ${path}` } };
  if (path === '/_fake/refunds') return controlRefund(fake, body);
  if (path === '/_fake/tracking') return controlTracking(fake, body);
  if (path === '/_fake/faults') return controlFault(fake, body);
  return { status: 404, body: { error: `no control route ${method} ${path}` } };
};

const controlFault = (fake: FakeEasyPostControls, body: string): FakeAnswer => {
  const fault = parseControl(body);
  if (!fault) return { status: 400, body: { error: 'the body is not JSON' } };
  const seconds = typeof fault['seconds'] === 'number' ? fault['seconds'] : 1;
  const status = typeof fault['status'] === 'number' ? fault['status'] : 503;
  const at = stepOf(fault['at']);
  const apply: Record<FakeEasyPostFault, () => void> = {
    loseNextBuyAnswer: () => fake.loseNextBuyAnswer(),
    hangNextStepBeforeBuy: () => fake.hangNextStepBeforeBuy(),
    rateLimitNext: () => fake.rateLimitNext(seconds, at),
    failNextWith: () => fake.failNextWith(status),
    failNextBuyWith: () => fake.failNextBuyWith(status, fault['afterBuying'] === true),
    insufficientFundsNext: () => fake.insufficientFundsNext(at),
    failNextAt: () => fake.failNextAt(at ?? 'buy', status),
    failNextScanForm: () => fake.failNextScanForm(text(fault['message']) ?? 'The SCAN form could not be made.'),
  };
  const name = fault['fault'];
  const run = typeof name === 'string' && Object.hasOwn(apply, name) ? apply[name as FakeEasyPostFault] : undefined;
  if (!run) return { status: 400, body: { error: `unknown fault ${String(name)}; known: ${Object.keys(apply).join(', ')}` } };
  run();
  return { status: 204, body: null };
};

/** `{trackingCode | shipmentId, status: refunded | rejected | not_applicable}`. */
const controlRefund = (fake: FakeEasyPostControls, body: string): FakeAnswer => {
  const input = parseControl(body);
  const status = input?.['status'];
  if (status !== 'refunded' && status !== 'rejected' && status !== 'not_applicable') return { status: 400, body: { error: 'status must be refunded, rejected or not_applicable' } };
  try {
    if (typeof input?.['shipmentId'] === 'string') fake.settleRefund(input['shipmentId'], status);
    else if (typeof input?.['trackingCode'] === 'string') fake.settleRefundOf(input['trackingCode'], status);
    else return { status: 400, body: { error: 'give trackingCode or shipmentId' } };
  } catch (error) {
    return { status: 404, body: { error: error instanceof Error ? error.message : String(error) } };
  }
  return { status: 204, body: null };
};

/** `{trackingCode, status, message?, city?, state?, zip?}` → the `tracker.updated` event. */
const controlTracking = (fake: FakeEasyPostControls, body: string): FakeAnswer => {
  const input = parseControl(body);
  const trackingCode = text(input?.['trackingCode']);
  const status = text(input?.['status']);
  if (!trackingCode || !status || !TRACKER_STATUSES.includes(status)) {
    return { status: 400, body: { error: `give trackingCode and a status among ${TRACKER_STATUSES.join(', ')}` } };
  }
  const message = text(input?.['message']);
  try {
    const event = fake.addTrackingEvent(trackingCode, {
      status: status as FakeTrackingEvent['status'],
      ...(message ? { message } : {}),
      city: text(input?.['city']) ?? null,
      state: text(input?.['state']) ?? null,
      zip: text(input?.['zip']) ?? null,
    });
    return { status: 200, body: event };
  } catch (error) {
    return { status: 404, body: { error: error instanceof Error ? error.message : String(error) } };
  }
};
