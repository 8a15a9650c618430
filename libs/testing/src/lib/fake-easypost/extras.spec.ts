import { FakeEasyPostServer } from '../fake-easypost.server';
import { easyPostRecorded } from './recorded';
import { call, created, errorOf, rateOf, shipmentRequest, type ShipmentJson } from './spec-calls';

type Json = Record<string, unknown>;

/** A shipment request with these options and parcel fields added to the usual one. */
const withExtras = (options: Json = {}, parcel: Json = {}) => {
  const request = shipmentRequest();
  return { shipment: { ...request.shipment, options: { ...request.shipment.options, ...options }, parcel: { ...request.shipment.parcel, ...parcel } } };
};

describe('the fake EasyPost: signatures, Flat Rate packaging, insurance and claims (decision 112)', () => {
  let fake: FakeEasyPostServer;

  beforeAll(async () => {
    fake = new FakeEasyPostServer();
    await fake.start();
  });
  afterAll(async () => {
    await fake.stop();
    expect(fake.shapeViolations()).toEqual([]);
  });

  const buy = async (shipment: ShipmentJson, body: Json) => call(fake, 'POST', `/v2/shipments/${shipment.id}/buy`, { rate: { id: rateOf(shipment, 'Priority').id }, ...body });
  /** A Priority label of 15.4 oz insured for `insurance` (as the recorded buy sent it: a number of dollars). */
  const insuredLabel = async (insurance: unknown = 100): Promise<ShipmentJson & Json> => {
    const reply = await buy(await created(fake), { insurance });
    if (reply.status !== 200) throw new Error(`the insured buy answered ${reply.status}: ${JSON.stringify(reply.json)}`);
    return reply.json as ShipmentJson & Json;
  };

  it('adds the signature asked to every rate, and refuses a delivery_confirmation Options.d.ts does not list', async () => {
    const plain = await created(fake);
    const signed = await created(fake, withExtras({ delivery_confirmation: 'SIGNATURE' }));
    expect(Number(rateOf(signed, 'Priority').rate) * 100 - Number(rateOf(plain, 'Priority').rate) * 100).toBeCloseTo(365);
    const refused = await call(fake, 'POST', '/v2/shipments', withExtras({ delivery_confirmation: 'WET_SIGNATURE' }));
    expect(refused.status).toBe(422);
    expect(errorOf(refused).errors[0]).toMatchObject({ field: 'options.delivery_confirmation' });
  });

  it('rates Priority Mail at its Flat Rate in a predefined package and refuses a name EasyPost does not list', async () => {
    const envelope = await created(fake, { shipment: { ...shipmentRequest().shipment, parcel: { predefined_package: 'FlatRateEnvelope', weight: 40 } } });
    expect(envelope.rates.map((rate) => [rate.service, rate.rate]).sort()).toEqual([['Express', '29.95'], ['Priority', '9.35']]);
    const refused = await call(fake, 'POST', '/v2/shipments', withExtras({}, { predefined_package: 'ShoeBox' }));
    expect(errorOf(refused).errors[0]).toMatchObject({ field: 'parcel.predefined_package' });
  });

  it('insures at the buy as a string or a number of dollars, charging 0.5 % (at least 0.50), and refuses an amount out of bounds', async () => {
    const label = await insuredLabel('1200.00');
    expect(label['insurance']).toBe('1200.00');
    expect(label.fees.find((fee) => fee.type === 'InsuranceFee')?.amount).toBe('6.00000');
    expect((await insuredLabel(100)).fees.find((fee) => fee.type === 'InsuranceFee')?.amount).toBe('0.50000');
    for (const insurance of [0, '5000.01', 'lots']) {
      const reply = await buy(await created(fake), { insurance });
      expect({ insurance, status: reply.status, field: errorOf(reply).errors[0] }).toMatchObject({ insurance, status: 422, field: { field: 'insurance' } });
    }
  });

  it('takes the recorded claim request on an insured label and answers the recorded Claim, then its decision', async () => {
    const label = await insuredLabel();
    const { request } = easyPostRecorded('claim', 'created');
    const filed = await call(fake, 'POST', '/v2/claims', { ...(request.body as Json), tracking_code: label.tracking_code });
    expect(filed.status).toBe(201);
    const claim = filed.json as Json;
    expect(claim).toMatchObject({ object: 'Claim', status: 'submitted', type: 'damage', requested_amount: '100.00', insurance_amount: '100.00', shipment_id: label.id, approved_amount: null });
    fake.decideClaim(String(claim['id']), 'approved', 'Claim approved.');
    expect((await call(fake, 'GET', `/v2/claims/${String(claim['id'])}`)).json).toMatchObject({ status: 'approved', approved_amount: '100.00', history: [{ status: 'submitted' }, { status: 'approved' }] });
  });

  it('refuses a claim without its required fields, a damage claim without supporting documents, over the insured amount or on an uninsured label', async () => {
    const label = await insuredLabel(100);
    const claim = { tracking_code: label.tracking_code, type: 'loss', amount: '20.00', description: 'Never arrived', contact_email: 'claims@labeldesk.example' };
    const fieldsOf = async (body: Json) => errorOf(await call(fake, 'POST', '/v2/claims', body)).errors.map((error) => error.field);
    expect(await fieldsOf({ type: 'loss' })).toEqual(['tracking_code', 'amount', 'description', 'contact_email']);
    expect(await fieldsOf({ ...claim, type: 'damage' })).toEqual(['supporting_documentation_attachments']);
    expect(await fieldsOf({ ...claim, amount: '100.01' })).toEqual(['amount']);
    expect(await fieldsOf({ ...claim, type: 'misplaced', supporting_documentation_attachments: ['not base64!'] })).toEqual(['type', 'supporting_documentation_attachments']);
    const uninsured = (await buy(await created(fake), {})).json as ShipmentJson;
    expect(await fieldsOf({ ...claim, tracking_code: uninsured.tracking_code })).toEqual(['tracking_code']);
    expect((await call(fake, 'POST', '/v2/claims', claim)).status).toBe(201);
  });
});
