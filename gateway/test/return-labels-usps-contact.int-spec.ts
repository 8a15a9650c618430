import { startDistributed, startEmbedded, type RunningSystem } from '@labeldesk/testing';
import { adminTokenOf, apiClient, balanceOf, newBulkCustomer, SINGLE_LABEL_ORDER, type Api } from './support/bulk-api';
import { carrierEnvOf, priceCarrierServices, startCarrierFakes, type CarrierFakes } from './support/carrier-fakes';
import { buySingleLabel } from './support/lifecycle-api';
import { sharedSystem } from './support/shared-system';

type Body = Record<string, unknown>;

let fakes: CarrierFakes;

beforeAll(async () => {
  fakes = await startCarrierFakes();
});

afterAll(async () => {
  await fakes?.stop();
});

const NO_PHONE =
  "USPS needs the shipper's phone number, and this order's sender address has none, so USPS cannot make this return label: choose who sells the return instead (EasyPost). Nothing was bought or charged.";

/**
 * A return picked from USPS directly for an order without the seller's phone (decision 128): the outbound label was
 * bought from EasyPost, which needs no phone, but USPS does; the quote says so before buying, and the purchase is
 * refused with 400, nothing written, charged or sent to USPS (it used to be charged, refused by USPS, refunded, 502).
 */
const describeUspsReturnContact = (mode: string, running: () => RunningSystem): void => {
  describe(`a USPS return that needs the seller's phone (${mode} mode)`, () => {
    let call: Api;
    let seller: { token: string; userId: string };

    beforeAll(async () => {
      call = apiClient(running().baseUrl);
      const adminToken = await adminTokenOf(call, running());
      await priceCarrierServices(call, adminToken);
      seller = await newBulkCustomer(call, adminToken, 100_000, 'usps-contact');
    }, 120_000);

    const returnAttempts = () => fakes.usps.requests.filter((request) => request.path === '/labels/v3/return-label').length;

    it('says at the quote that USPS needs the phone, and refuses the purchase with 400 before any charge or any request to USPS', async () => {
      const { orderId } = await buySingleLabel(call, seller);
      const outbound = await call('GET', `/orders/${orderId}/return/quote`, undefined, { token: seller.token });
      expect(outbound.body).toMatchObject({ carrier: 'easypost', contactNote: null, otherCarriers: [{ carrier: 'usps', carrierName: 'USPS' }] });

      const quote = await call('GET', `/orders/${orderId}/return/quote?carrier=usps`, undefined, { token: seller.token });
      expect([quote.status, quote.body['carrier'], quote.body['contactNote']]).toEqual([200, 'usps', NO_PHONE]);

      const before = await balanceOf(call, seller.token);
      const asked = returnAttempts();
      const refused = await call('POST', `/orders/${orderId}/return`, { carrier: 'usps' }, { token: seller.token });
      expect([refused.status, refused.body['message']]).toEqual([400, NO_PHONE]);
      expect(await balanceOf(call, seller.token)).toBe(before);
      expect(returnAttempts()).toBe(asked);
      expect((await call('GET', '/returns', undefined, { token: seller.token })).body['returns']).toEqual([]);
      // Without a pick, the label's carrier sells it (EasyPost needs no phone), in bulk too; still nothing asked of USPS.
      const bulk = await call('POST', '/returns/bulk', { orderIds: [orderId] }, { token: seller.token });
      expect(bulk.body['results']).toEqual([expect.objectContaining({ orderId, outcome: 'made' })]);
      expect(returnAttempts()).toBe(asked);
      const listed = (await call('GET', '/returns', undefined, { token: seller.token })).body['returns'] as Body[];
      expect(listed.filter((label) => label['orderId'] === orderId).map((label) => label['carrier'])).toEqual(['easypost']);
    }, 90_000);

    it("notes nothing when the order's sender address has a phone", async () => {
      const bought = await call('POST', '/orders/v2', { ...SINGLE_LABEL_ORDER, sender: { ...SINGLE_LABEL_ORDER.sender, sender_phone: '512-555-0142' } }, { token: seller.token, 'Idempotency-Key': `usps-contact-${Date.now()}` });
      expect(bought.status).toBe(200);
      const orderId = String((bought.body['data'] as Body)['orderId']);
      const quote = await call('GET', `/orders/${orderId}/return/quote?carrier=usps`, undefined, { token: seller.token });
      expect([quote.status, quote.body['carrier'], quote.body['contactNote']]).toEqual([200, 'usps', null]);
    }, 60_000);
  });
};

const env = (): NodeJS.ProcessEnv => carrierEnvOf(fakes, 'easypost,usps');

describe('embedded', () => {
  describeUspsReturnContact('embedded', sharedSystem(() => startEmbedded(env())));
});

describe('distributed', () => {
  describeUspsReturnContact('distributed', sharedSystem(() => startDistributed(env())));
});
