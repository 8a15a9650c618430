import type { RunningSystem } from '@labeldesk/testing';
import { adminTokenOf, apiClient, balanceOf, newBulkCustomer, type Api } from './bulk-api';
import { easyPostShipmentOf, PRICE_TIERS, type CarrierFakes } from './carrier-fakes';
import { buySingleLabel } from './lifecycle-api';

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

/** EasyPost's return labels through the REST API, against the fake (decision 101): prepaid, `is_return`, same service. */
export const describeEasyPostReturns = (mode: string, running: () => RunningSystem, fakes: () => CarrierFakes): void => {
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
  });
};
