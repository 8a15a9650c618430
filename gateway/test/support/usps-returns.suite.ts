import { awaitRig, type CarrierRig } from './carrier-rig';
import { expectNoViolationsPerTest } from './fake-violations';

type Body = Record<string, unknown>;

/**
 * USPS's own return labels through the REST API (decision 118): prepaid, bought with Labels 3.9.13's
 * `POST /labels/v3/return-label` from the buyer back to the seller, charged once under the return's key.
 */
export const describeUspsReturns = (mode: string, started: () => Promise<CarrierRig>): void => {
  describe(`USPS return labels (${mode} mode)`, () => {
    const rig = awaitRig(started);
    const usps = () => rig().fakes.usps;
    expectNoViolationsPerTest(() => usps().specViolations());

    it("says a USPS return is prepaid, charges exactly its price once, and buys it from USPS's return-label API back to the seller", async () => {
      const { call, seller, buy, balance, system } = rig();
      const who = await seller('returns');
      const { orderId } = await buy(who);
      const quote = await call('GET', `/orders/${orderId}/return/quote`, undefined, { token: who.token });
      expect(quote.body).toMatchObject({ payment: 'prepaid', serviceName: 'USPS Priority Mail', courier: 'usps' });
      const price = Number(quote.body['priceCents']);
      const before = await balance(who);
      const sold = usps().labelsSold();

      const made = await call('POST', `/orders/${orderId}/return`, {}, { token: who.token });
      expect([made.status, made.body['message']]).toEqual([200, undefined]);
      const label = made.body['returnLabel'] as Body;
      expect(label).toMatchObject({ payment: 'prepaid', state: 'prepaid' });
      expect(price).toBeGreaterThan(0);
      expect(await balance(who)).toBe(before - price);
      expect(usps().labelsSold()).toBe(sold + 1);
      const sent = usps().requests.filter((request) => request.path === '/labels/v3/return-label');
      expect(sent).toHaveLength(1);
      const body = JSON.parse(sent[0]?.body ?? '{}') as { packageDescription: Body; toAddress: Body; fromAddress: Body };
      expect(body.packageDescription['mailClass']).toBe('PRIORITY_MAIL_RETURN_SERVICE');
      expect(usps().labels.get(String(label['trackingNumber']))).toBeDefined();

      // Asked again, the order's return is answered as it is: nothing more sold or charged.
      const again = await call('POST', `/orders/${orderId}/return`, {}, { token: who.token });
      expect([again.status, (again.body['returnLabel'] as Body)['id']]).toEqual([200, label['id']]);
      expect(await balance(who)).toBe(before - price);
      expect(usps().labelsSold()).toBe(sold + 1);

      const pdf = await fetch(`${system.baseUrl}/api/returns/${String(label['id'])}/label`, { headers: { token: who.token } });
      expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
      expect(Buffer.from(await pdf.arrayBuffer())).toEqual(usps().labels.get(String(label['trackingNumber']))?.image);
    }, 60_000);

    it("voids an unused USPS return through USPS's cancel, gives its prepaid charge back once, answers a second void as it is, and refuses to void a used one (decision 123)", async () => {
      const { call, seller, buy, balance } = rig();
      const who = await seller('return-void');
      const before = await balance(who);
      const outbound = await buy(who);
      const label = (await call('POST', `/orders/${outbound.orderId}/return`, {}, { token: who.token })).body['returnLabel'] as Body;
      const charged = await balance(who);
      expect(charged).toBe(before - outbound.price - Number(label['priceCents']));
      const voidsBefore = usps().voidsAccepted();

      const voided = await call('POST', `/returns/${String(label['id'])}/void`, undefined, { token: who.token });
      expect([voided.status, voided.body['state']]).toEqual([200, 'voided']);
      expect(usps().requests.filter((request) => request.method === 'DELETE' && request.path === `/labels/v3/label/${String(label['trackingNumber'])}`)).toHaveLength(1);
      expect(usps().voidsAccepted()).toBe(voidsBefore + 1);
      expect(await balance(who)).toBe(charged + Number(label['priceCents']));

      const again = await call('POST', `/returns/${String(label['id'])}/void`, undefined, { token: who.token });
      expect([again.status, again.body['state']]).toEqual([200, 'voided']);
      expect(await balance(who)).toBe(charged + Number(label['priceCents']));
      expect(usps().voidsAccepted()).toBe(voidsBefore + 1);

      const used = (await call('POST', `/orders/${(await buy(who)).orderId}/return`, {}, { token: who.token })).body['returnLabel'] as Body;
      usps().addScan(String(used['trackingNumber']), 'accepted');
      const afterUse = await balance(who);
      const refused = await call('POST', `/returns/${String(used['id'])}/void`, undefined, { token: who.token });
      expect([refused.status, refused.body['message']]).toEqual([422, expect.stringContaining('This return label was used (the carrier scanned it on')]);
      expect(await balance(who)).toBe(afterUse);
      expect(usps().voidsAccepted()).toBe(voidsBefore + 1);
    }, 90_000);
  });
};
