import { fakeCarrierAccountOf, type DistributedSystem, type RunningSystem } from '@labeldesk/testing';
import { Client } from 'pg';
import { adminTokenOf, apiClient, balanceOf, newBulkCustomer, type Api } from './bulk-api';
import { easyPostRefundsAsked, easyPostShipmentOf, PRICE_TIERS, type CarrierFakes } from './carrier-fakes';
import { buySingleLabel, eventually } from './lifecycle-api';

type Body = Record<string, unknown>;

/** What an admin does before customers buy from a real carrier, for the one service these tests buy: sync, price, switch on. */
const pricePriorityMail = async (call: Api, adminToken: string): Promise<void> => {
  const synced = await call('POST', '/defaultServices/sync', undefined, { token: adminToken });
  const priority = (synced.body as unknown as Array<{ _id: string; uid: string }>).find((service) => service.uid === 'usps_priority');
  if (synced.status !== 200 || !priority) throw new Error(`sync answered ${synced.status} without usps_priority`);
  const priced = await call('PUT', `/defaultServices/${priority._id}/prices`, { prices: PRICE_TIERS }, { token: adminToken });
  const enabled = await call('PATCH', `/defaultServices/${priority._id}/toggle`, { enabled: true }, { token: adminToken });
  if (priced.status !== 200 || enabled.status !== 200) throw new Error(`pricing usps_priority answered ${priced.status}/${enabled.status}`);
};

/** The carrier accounts a sold shipment was rated on (EasyPost rates a shipment on the accounts it was asked with). */
const ratedAccountsOf = (shipment: Record<string, unknown> | undefined): string[] =>
  [...new Set(((shipment?.['rates'] ?? []) as Body[]).map((rate) => String(rate['carrier_account_id'])))].sort();

/**
 * EasyPost's return labels through the REST API, against the fake (decision 101): prepaid, `is_return`, same service;
 * bought on the outbound label's own account, and a void's refund followed to EasyPost's answer (decision 125).
 */
export const describeEasyPostReturns = (mode: string, running: () => RunningSystem, fakes: () => CarrierFakes, distributed?: () => DistributedSystem): void => {
  describe(`EasyPost return labels (${mode} mode)`, () => {
    let call: Api;
    let seller: { token: string; userId: string };

    beforeAll(async () => {
      call = apiClient(running().baseUrl);
      const adminToken = await adminTokenOf(call, running());
      await pricePriorityMail(call, adminToken);
      seller = await newBulkCustomer(call, adminToken, 100_000, 'ep-returns');
    }, 60_000);

    it('says an EasyPost return is prepaid, charges it when made, and buys it as EasyPost asks: the outbound addresses with is_return, the label from the buyer back to the seller', async () => {
      const { orderId } = await buySingleLabel(call, seller);
      const quote = await call('GET', `/orders/${orderId}/return/quote`, undefined, { token: seller.token });
      expect(quote.body).toMatchObject({ payment: 'prepaid', serviceName: 'USPS Priority Mail', courier: 'usps' });
      const before = await balanceOf(call, seller.token);
      const made = await call('POST', `/orders/${orderId}/return`, {}, { token: seller.token });
      expect(made.status).toBe(200);
      const label = made.body['returnLabel'] as Body;
      expect(label).toMatchObject({ payment: 'prepaid', state: 'prepaid' });
      expect(await balanceOf(call, seller.token)).toBe(before - Number(quote.body['priceCents']));

      const sold = easyPostShipmentOf(fakes().easyPost, String(label['trackingNumber']));
      expect(sold?.['is_return']).toBe(true);
      expect(sold?.['reference']).toBe(`return:${String(label['id'])}`);
      // EasyPost writes addresses it verified in capitals.
      const streets = [(sold?.['from_address'] as Body)['street1'], (sold?.['to_address'] as Body)['street1']].map((street) => String(street).toUpperCase());
      expect(streets).toEqual(['200 PINE AVE', '1 MAIN ST']);

      const pdf = await fetch(`${running().baseUrl}/api/returns/${String(label['id'])}/label`, { headers: { token: seller.token } });
      expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    });

    const returnOf = async (returnId: string): Promise<Body> =>
      ((await call('GET', '/returns', undefined, { token: seller.token })).body['returns'] as Body[]).find((label) => label['id'] === returnId) ?? {};
    const returnInState = (returnId: string, state: string): Promise<Body> => eventually(() => returnOf(returnId), (label) => label['state'] === state, 30_000, `return ${returnId} ${state}`);

    it("gives a voided prepaid return's charge back only when EasyPost refunds it, once; a refund EasyPost refuses gives nothing back (decision 125)", async () => {
      const { orderId } = await buySingleLabel(call, seller);
      const made = await call('POST', `/orders/${orderId}/return`, {}, { token: seller.token });
      const label = made.body['returnLabel'] as Body;
      const price = Number(label['priceCents']);
      const paid = await balanceOf(call, seller.token);

      const voided = await call('POST', `/returns/${String(label['id'])}/void`, undefined, { token: seller.token });
      expect([voided.status, voided.body['state'], voided.body['refundReason']]).toEqual([200, 'refund_pending', null]);
      // Submitted is not refunded: nothing comes back yet, and a second void asks EasyPost nothing more.
      expect((await call('POST', `/returns/${String(label['id'])}/void`, undefined, { token: seller.token })).body['state']).toBe('refund_pending');
      expect(easyPostRefundsAsked(fakes().easyPost, String(label['trackingNumber']))).toBe(1);
      expect(await balanceOf(call, seller.token)).toBe(paid);
      expect((await returnOf(String(label['id'])))['state']).toBe('refund_pending');

      fakes().easyPost.settleRefundOf(String(label['trackingNumber']), 'refunded');
      await returnInState(String(label['id']), 'voided');
      expect(await balanceOf(call, seller.token)).toBe(paid + price);
      // The next return of the order is another label; EasyPost answers its refund not_applicable: nothing comes back.
      const next = (await call('POST', `/orders/${orderId}/return`, {}, { token: seller.token })).body['returnLabel'] as Body;
      expect(next['id']).not.toBe(label['id']);
      const before = await balanceOf(call, seller.token);
      expect((await call('POST', `/returns/${String(next['id'])}/void`, undefined, { token: seller.token })).body['state']).toBe('refund_pending');
      fakes().easyPost.settleRefundOf(String(next['trackingNumber']), 'not_applicable');
      const rejected = await returnInState(String(next['id']), 'refund_rejected');
      expect(rejected['refundReason']).toBe('USPS does not refund this label: it has been used or is past the refund window.');
      expect(await balanceOf(call, seller.token)).toBe(before);
      // Voiding it again is refused with EasyPost's answer; still nothing moves.
      const refusedVoid = await call('POST', `/returns/${String(next['id'])}/void`, undefined, { token: seller.token });
      expect([refusedVoid.status, await balanceOf(call, seller.token)]).toEqual([422, before]);
    }, 90_000);

    it("buys a return on the EasyPost account that sold its label, not every account configured (decision 125)", async () => {
      const { orderId, trackingNumber } = await buySingleLabel(call, seller);
      const usps = fakeCarrierAccountOf('USPS').id;
      // The outbound label was rated on both configured accounts; its return on the USPS account that sold it alone.
      const outbound = easyPostShipmentOf(fakes().easyPost, trackingNumber);
      expect(ratedAccountsOf(outbound)).toEqual([usps, fakeCarrierAccountOf('UPS').id].sort());
      const made = await call('POST', `/orders/${orderId}/return`, {}, { token: seller.token });
      expect(made.status).toBe(200);
      const sold = easyPostShipmentOf(fakes().easyPost, String((made.body['returnLabel'] as Body)['trackingNumber']));
      expect(ratedAccountsOf(sold)).toEqual([usps]);
      expect((sold?.['selected_rate'] as Body)['carrier_account_id']).toBe(usps);
    });

    if (distributed) {
      it('says so when the account that sold the label is gone, and buys on the configured accounts only when the seller picks EasyPost', async () => {
        const { orderId } = await buySingleLabel(call, seller);
        const db = new Client({ connectionString: distributed().databaseUrl });
        await db.connect();
        try {
          await db.query(`update orders.orders set carrier_refs = jsonb_set(carrier_refs, '{carrierAccountId}', '"ca_90ne0000000000000000000000000000"') where id = $1`, [orderId]);
        } finally {
          await db.end();
        }
        const before = await balanceOf(call, seller.token);
        const said = 'The EasyPost account that sold this label (ca_90ne0000000000000000000000000000) is no longer connected here, so its return cannot be bought on it. Choose who sells the return: EasyPost (on its other USPS accounts).';
        // The quote says so before buying; a purchase without the seller's pick is refused with the same words.
        expect((await call('GET', `/orders/${orderId}/return/quote`, undefined, { token: seller.token })).body).toMatchObject({ carrier: 'easypost', accountNote: said });
        const refused = await call('POST', `/orders/${orderId}/return`, {}, { token: seller.token });
        expect([refused.status, refused.body['message']]).toEqual([409, said]);
        expect(await balanceOf(call, seller.token)).toBe(before);
        expect((await call('GET', `/orders/${orderId}/return/quote?carrier=easypost`, undefined, { token: seller.token })).body).toMatchObject({ carrier: 'easypost', payment: 'prepaid', accountNote: null });
        const made = await call('POST', `/orders/${orderId}/return`, { carrier: 'easypost' }, { token: seller.token });
        expect(made.status).toBe(200);
        const sold = easyPostShipmentOf(fakes().easyPost, String((made.body['returnLabel'] as Body)['trackingNumber']));
        expect(ratedAccountsOf(sold)).toEqual([fakeCarrierAccountOf('USPS').id, fakeCarrierAccountOf('UPS').id].sort());
      });
    }
  });
};
