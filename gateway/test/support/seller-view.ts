import type { Api } from './bulk-api';
import type { Seller } from './carrier-rig';
import { pdfText } from './pdf-text';

type Body = Record<string, unknown>;

/** A single order as the seller's Orders list shows it. */
export const listedOrder = async (call: Api, who: Seller, orderId: string): Promise<Body | undefined> => {
  const list = await call('GET', `/orders/${who.userId}`, undefined, { token: who.token });
  return (list.body['orders'] as Body[]).find((order) => order['_id'] === orderId);
};

/** A file the seller downloads (`GET /api/orders/download/{kind}/{id}`); throws unless it came. */
export const downloaded = async (call: Api, who: Seller, kind: string, id: string): Promise<Buffer> => {
  const file = await call('GET', `/orders/download/${kind}/${id}`, undefined, { token: who.token });
  if (file.status !== 200 || !file.bytes) throw new Error(`download ${kind}/${id} answered ${file.status} ${JSON.stringify(file.body)}`);
  return file.bytes;
};

/** A single label's tracking as the seller sees it. */
export const trackingShown = async (call: Api, who: Seller, orderId: string): Promise<Body> => {
  const answer = await call('GET', `/orders/${orderId}/tracking`, undefined, { token: who.token });
  if (answer.status !== 200) throw new Error(`tracking answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
};

/** The events of a tracking answer as a person reads them: what, where. */
export const eventsRead = (tracking: Body): Array<[unknown, unknown, unknown]> =>
  (tracking['events'] as Body[]).map((event) => [event['status'], event['message'], event['location']]);

/** The address check the order form runs (`POST /api/addresses/verify`). */
export const addressChecked = async (call: Api, who: Seller, address: { street1: string; street2?: string | null; city: string; state: string; zip: string }): Promise<Body> => {
  const answer = await call('POST', '/addresses/verify', { address }, { token: who.token });
  if (answer.status !== 200) throw new Error(`the address check answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
};

/** Today's SCAN forms of the seller's single labels, made now for those on none (`POST …/scan-forms/today/{userId}`). */
export const scanFormsMade = async (call: Api, who: Seller): Promise<Body[]> => {
  const made = await call('POST', `/orders/scan-forms/today/${who.userId}`, undefined, { token: who.token });
  if (made.status !== 200) throw new Error(`the SCAN form answered ${made.status} ${JSON.stringify(made.body)}`);
  return made.body['forms'] as Body[];
};

/** The address check's answer with a carrier's verification and no offline doubt about the city. */
export const carrierVerification = (verdict: 'ok' | 'suggestion' | 'undeliverable', suggestion: Body | null, messages: string[]): Body => ({
  mode: 'carrier',
  verification: { verdict, suggestion, messages },
  warnings: [],
});

/**
 * Makes today's SCAN form of the seller's labels and checks what the seller gets: one form of `carrier` holding
 * exactly those labels, downloaded as a PDF whose text lists every tracking number. Answers the form.
 */
export const expectOneScanFormOf = async (call: Api, who: Seller, carrier: string, trackingNumbers: readonly string[]): Promise<Body> => {
  const forms = await scanFormsMade(call, who);
  expect(forms).toHaveLength(1);
  const form = forms[0] as Body;
  const numbers = [...trackingNumbers].sort();
  expect(form).toMatchObject({ carrier, count: numbers.length });
  expect([...(form['trackingNumbers'] as string[])].sort()).toEqual(numbers);
  const file = await downloaded(call, who, 'scan-form', String(form['id']));
  expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = pdfText(file);
  for (const number of numbers) expect(text).toContain(number);
  return form;
};
