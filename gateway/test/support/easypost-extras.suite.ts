import { Client } from 'pg';
import { easyPostShipmentOf } from './carrier-fakes';
import { CARRIER_ORDER, LABEL_PRICE, awaitRig, type CarrierRig } from './carrier-rig';
import { expectNoViolationsPerTest } from './fake-violations';
import { eventually, labelStateOf } from './lifecycle-api';
import { trackingShown } from './seller-view';

type Body = Record<string, unknown>;

/** Decision 102's fees: 1 % of $200 declared, and adult signature on Priority Mail. */
const INSURED = { insurance: { declared_value_cents: 20_000 }, signature: 'adult' };
const EXTRAS_PRICE = 200 + 925;

/** A user's ledger entries of a kind, read from the database (distributed mode). */
const entriesOf = async (databaseUrl: string, userId: string, kind: string) => {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ key: string; cents: string }>(`select idempotency_key as key, amount_cents as cents from payments.ledger_entries where user_id = $1 and kind = $2 order by created_at`, [userId, kind]);
    return rows.map((row) => ({ key: row.key, cents: Number(row.cents) }));
  } finally {
    await db.end();
  }
};

/**
 * Insurance, signatures, claims and Flat Rate packaging bought through EasyPost (decision 112), end to end through the
 * REST API: what EasyPost was asked, and what the seller paid and was paid, to the cent, once.
 */
export const describeEasyPostExtras = (mode: string, started: () => Promise<CarrierRig>): void => {
  describe(`EasyPost insurance, signatures, claims and Flat Rate packaging (${mode} mode)`, () => {
    const rig = awaitRig(started);
    const easyPost = () => rig().fakes.easyPost;
    expectNoViolationsPerTest(() => easyPost().shapeViolations());

    it('sells an insured, adult-signed label through EasyPost in one charge, and gives all of it back with the void', async () => {
      const { call, seller, buy, balance, system } = rig();
      const who = await seller('extras');
      const before = await balance(who);

      const label = await buy(who, { ...CARRIER_ORDER, ...INSURED });

      expect(label.price).toBe(LABEL_PRICE + EXTRAS_PRICE);
      expect(await balance(who)).toBe(before - LABEL_PRICE - EXTRAS_PRICE);
      expect(easyPostShipmentOf(easyPost(), label.trackingNumber)).toMatchObject({ options: { delivery_confirmation: 'ADULT_SIGNATURE' }, insurance: '200.00' });
      const databaseUrl = (system as { databaseUrl?: string }).databaseUrl;
      if (databaseUrl) expect(await entriesOf(databaseUrl, who.userId, 'label_purchase')).toEqual([{ key: `label:${label.orderId}:1`, cents: -(LABEL_PRICE + EXTRAS_PRICE) }]);

      await call('POST', `/orders/${label.orderId}/void`, undefined, { token: who.token });
      easyPost().settleRefundOf(label.trackingNumber, 'refunded');
      await eventually(() => labelStateOf(call, who, label.orderId), (state) => state === 'refunded', 30_000, 'the refund EasyPost paid');
      expect(await balance(who)).toBe(before);
    }, 60_000);

    it("files a claim on an EasyPost-insured label at EasyPost's Claims API and credits what EasyPost approved, once", async () => {
      const { call, seller, buy, balance, system } = rig();
      const who = await seller('claim');
      const label = await buy(who, { ...CARRIER_ORDER, insurance: { declared_value_cents: 20_000 } });
      easyPost().addTrackingEvent(label.trackingNumber, { status: 'in_transit', message: 'Accepted at USPS Origin Facility', city: 'AUSTIN', state: 'TX', zip: '78701', datetime: new Date(Math.floor(Date.now() / 1000) * 1000 + 60_000) });
      await eventually(() => trackingShown(call, who, label.orderId), (tracking) => tracking['used'] === true, 30_000, 'the scan EasyPost reported');
      const before = await balance(who);

      const filed = await call('POST', `/orders/${label.orderId}/claims`, { type: 'damaged', amount_cents: 15_000, description: 'The vase arrived in pieces' }, { token: who.token });

      expect([filed.status, filed.body['state']]).toEqual([201, 'submitted']);
      const [claim] = easyPost().claimsFiledOn(label.trackingNumber);
      expect(claim).toMatchObject({ type: 'damage', requested_amount: '150.00', insurance_amount: '200.00', status: 'submitted' });
      easyPost().decideClaim(String(claim?.['id']), 'approved_partial', 'Approved up to the invoice value.', 12_000);
      const claimId = String(filed.body['id']);
      const paid = await eventually(() => call('GET', `/claims/${claimId}`, undefined, { token: who.token }), (answer) => (answer.body as Body)['state'] === 'paid', 30_000, 'the claim paid');
      expect(paid.body).toMatchObject({ state: 'paid', approvedCents: 12_000 });
      expect(await balance(who)).toBe(before + 12_000);
      const databaseUrl = (system as { databaseUrl?: string }).databaseUrl;
      if (databaseUrl) expect(await entriesOf(databaseUrl, who.userId, 'claim_payout')).toEqual([{ key: `claim:${claimId}`, cents: 12_000 }]);
      expect(easyPost().claimsFiledOn(label.trackingNumber)).toHaveLength(1);
    }, 60_000);

    it('buys a USPS Flat Rate envelope through EasyPost as its predefined package, and refuses one that costs more than its price', async () => {
      const { seller, buy, balance, call } = rig();
      const who = await seller('flat-rate');
      const before = await balance(who);
      // 8 lb at the 6-70 lb tier ($14.50): the envelope's one price ($9.35) fits it, where 8 lb by weight ($14.95) would not.
      const heavy = { ...CARRIER_ORDER, package: { ...CARRIER_ORDER.package, package_weight: 8, package_packaging: 'flat_rate_envelope' } };
      const label = await buy(who, heavy);
      expect(easyPostShipmentOf(easyPost(), label.trackingNumber)).toMatchObject({ parcel: { predefined_package: 'FlatRateEnvelope', weight: 128 } });
      expect(await balance(who)).toBe(before - 1450);
      // At the 1-5 lb tier ($8.50) the envelope costs EasyPost more: refused before the buy, nothing charged.
      const sold = easyPost().labelsSold();
      const refused = await call('POST', '/orders/v2', { ...heavy, package: { ...heavy.package, package_weight: 2 } }, { token: who.token, 'Idempotency-Key': `flat-rate-${Date.now()}` });
      expect([refused.status, refused.body['message']]).toEqual([502, expect.stringContaining('USPS Priority Mail is not sold at your price for this parcel')]);
      expect(easyPost().labelsSold()).toBe(sold);
      expect(await balance(who)).toBe(before - 1450);
    }, 60_000);
  });
};
