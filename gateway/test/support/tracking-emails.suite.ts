import { startMailCatcher, type CaughtMail, type MailCatcher, type RunningSystem } from '@labeldesk/testing';
import { createHmac } from 'node:crypto';
import { adminTokenOf, apiClient, bulkRow, newBulkCustomer, SINGLE_LABEL_ORDER, submitBulk, waitForBulk, type Api } from './bulk-api';
import { carrierEnvOf, priceCarrierServices, startCarrierFakes, type CarrierFakes } from './carrier-fakes';
import { eventually } from './lifecycle-api';

const SECRET = 'easypost-webhook-secret-for-tracking-emails';
const sign = (body: string) => `hmac-sha256-hex=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
const TRACKING_LINK = /https?:\/\/[^\s]+\/t\/([A-Za-z0-9_-]{32})/;
const UNSUBSCRIBE_LINK = /https?:\/\/[^\s]+\/unsubscribe\/([0-9a-f]{64})/;

/**
 * The system as these tests start it: EasyPost's fake sells the labels and pushes their tracking (signed), the tests'
 * own SMTP server takes the mail, and due mails are looked for every second.
 */
export interface TrackingEmailsWorld {
  fakes: CarrierFakes;
  mail: MailCatcher;
  env: NodeJS.ProcessEnv;
}

export const startTrackingEmailsWorld = async (): Promise<TrackingEmailsWorld> => {
  const fakes = await startCarrierFakes();
  const mail = await startMailCatcher();
  return { fakes, mail, env: { ...carrierEnvOf(fakes, 'easypost'), EASYPOST_WEBHOOK_SECRET: SECRET, SMTP_URL: mail.url, TRACKING_EMAIL_SECONDS: '1' } };
};

const address = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Tracking e-mails through the REST API and a real SMTP client: settings, purchase, delivery, unsubscribe, void. */
export const describeTrackingEmails = (mode: string, world: () => TrackingEmailsWorld, running: () => RunningSystem): void => {
  describe(`tracking e-mails to receivers (${mode} mode)`, () => {
    let call: Api;
    let seller: { token: string; userId: string };

    const settings = (body: Record<string, unknown>) => call('PUT', '/tracking-emails/settings', body, { token: seller.token });
    const buyTo = async (email: string | null) => {
      const order = { ...SINGLE_LABEL_ORDER, receiver: { ...SINGLE_LABEL_ORDER.receiver, ...(email ? { receiver_email: email } : {}) } };
      const bought = await call('POST', '/orders/v2', order, { token: seller.token, 'Idempotency-Key': `mail-${Date.now()}-${Math.random()}` });
      if (bought.status !== 200) throw new Error(`label purchase answered ${bought.status} ${JSON.stringify(bought.body)}`);
      const data = bought.body['data'] as Record<string, unknown>;
      return { orderId: String(data['orderId']), trackingNumber: String(data['trackingNumber']) };
    };
    const deliver = async (trackingNumber: string) => {
      const event = JSON.stringify(world().fakes.easyPost.addTrackingEvent(trackingNumber, { status: 'delivered', message: 'Delivered, In/At Mailbox', city: 'SEATTLE', state: 'WA', zip: '98101' }));
      const pushed = await call('POST', '/webhooks/carriers/easypost', event, { 'x-hmac-signature': sign(event) });
      expect(pushed.status).toBe(200);
    };
    /**
     * Waits for a label bought after `action` to a fresh address to be mailed: every mail due when `action` was done
     * has been looked at by then, so what `address` has by now is all it will get.
     */
    const settled = async () => {
      const witness = address('witness');
      await buyTo(witness);
      await world().mail.next(witness, 0, 30_000);
    };
    const mailsTo = (to: string): CaughtMail[] => world().mail.to(to);

    beforeAll(async () => {
      call = apiClient(running().baseUrl);
      const adminToken = await adminTokenOf(call, running());
      await priceCarrierServices(call, adminToken);
      seller = await newBulkCustomer(call, adminToken, 100_000, 'mails');
    }, 120_000);

    it('starts switched off with the default texts, and refuses an unknown placeholder by name and a text without the tracking link', async () => {
      const read = await call('GET', '/tracking-emails/settings', undefined, { token: seller.token });
      expect(read.body).toEqual({ enabled: false, senderName: null, purchasedSubject: null, purchasedBody: null, deliveredSubject: null, deliveredBody: null, smtpConfigured: true });
      const unknown = await settings({ enabled: true, purchasedSubject: 'Order {order_number} shipped' });
      expect([unknown.status, unknown.body['message']]).toEqual([400, 'Unknown placeholder {order_number}: use {store}, {courier}, {tracking_number}, {tracking_link}']);
      const noLink = await settings({ enabled: true, deliveredBody: 'Delivered!' });
      expect([noLink.status, noLink.body['message']]).toEqual([400, 'Delivered text must include {tracking_link}']);
      expect((await call('PUT', '/tracking-emails/settings', { enabled: true })).status).toBe(401);
    });

    it("mails the receiver once when the label is bought, with the seller's text and the label's public tracking page", async () => {
      const saved = await settings({ enabled: true, senderName: 'Cedar Goods', purchasedSubject: '{store}: {courier} {tracking_number}' });
      expect(saved.body).toMatchObject({ enabled: true, senderName: 'Cedar Goods', purchasedSubject: '{store}: {courier} {tracking_number}' });
      const rita = address('rita');
      const label = await buyTo(rita);
      const mail = await world().mail.next(rita, 0, 30_000);
      expect(mail.subject).toBe(`Cedar Goods: USPS ${label.trackingNumber}`);
      const token = TRACKING_LINK.exec(mail.text)?.[1];
      expect(token).toBeDefined();
      const page = await call('GET', `/public/tracking/${String(token)}`);
      expect([page.status, page.body['trackingNumber']]).toEqual([200, label.trackingNumber]);
      expect(mail.text).toMatch(UNSUBSCRIBE_LINK);
      // The receiver's e-mail is never on the public page.
      expect(JSON.stringify(page.body)).not.toContain(rita);
      await settled();
      expect(mailsTo(rita)).toHaveLength(1);
    }, 120_000);

    it('mails the receiver once when the courier reports the parcel delivered, however often it says so', async () => {
      const dora = address('dora');
      const label = await buyTo(dora);
      await world().mail.next(dora, 0, 30_000);
      await deliver(label.trackingNumber);
      const delivered = await world().mail.next(dora, 1, 30_000);
      expect(delivered.subject).toBe('Your order from Cedar Goods was delivered');
      expect(delivered.text).toMatch(TRACKING_LINK);
      await deliver(label.trackingNumber);
      await settled();
      expect(mailsTo(dora).map((m) => m.subject)).toEqual([`Cedar Goods: USPS ${label.trackingNumber}`, 'Your order from Cedar Goods was delivered']);
    }, 120_000);

    it('mails each receiver of a batch once, and nobody for a row without an e-mail', async () => {
      const [ann, ben] = [address('ann'), address('ben')];
      const rows = [0, 1, 2].map((i) => bulkRow(i));
      const withEmail = (row: (typeof rows)[number], email: string) => ({ ...row, receiver: { ...row.receiver, receiver_email: email } });
      const { orderId, processed } = await submitBulk(call, seller, [withEmail(rows[0]!, ann), withEmail(rows[1]!, ben), rows[2]!]);
      expect(processed.status).toBe(200);
      await waitForBulk(call, seller.token, orderId);
      const [annMail, benMail] = await Promise.all([world().mail.next(ann, 0, 30_000), world().mail.next(ben, 0, 30_000)]);
      expect([annMail.text, benMail.text]).toEqual([expect.stringMatching(TRACKING_LINK), expect.stringMatching(TRACKING_LINK)]);
      await settled();
      expect([mailsTo(ann).length, mailsTo(ben).length]).toEqual([1, 1]);
    }, 180_000);

    it("stops every later mail from this seller to an address whose receiver unsubscribed, in one click from the mail client", async () => {
      const una = address('una');
      await buyTo(una);
      const first = await world().mail.next(una, 0, 30_000);
      const token = String(UNSUBSCRIBE_LINK.exec(first.text)?.[1]);
      const info = await call('GET', `/public/tracking-emails/unsubscribe/${token}`);
      expect(info.body).toEqual({ store: 'Cedar Goods', email: `u•••@example.com`, unsubscribed: false });
      // RFC 8058: the mail client POSTs a form, with no credential, to the List-Unsubscribe address.
      expect(first.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      const oneClickUrl = new URL(String(/^<(.+)>$/.exec(first.headers['list-unsubscribe'] ?? '')?.[1]));
      expect(oneClickUrl.pathname).toBe(`/api/public/tracking-emails/unsubscribe/${token}`);
      const oneClick = await fetch(`${running().baseUrl}${oneClickUrl.pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect([oneClick.status, await oneClick.json()]).toEqual([200, { store: 'Cedar Goods', email: 'u•••@example.com', unsubscribed: true }]);
      expect((await call('GET', `/public/tracking-emails/unsubscribe/${'0'.repeat(64)}`)).status).toBe(404);

      await buyTo(una.toUpperCase());
      await settled();
      expect(mailsTo(una)).toHaveLength(1);
    }, 120_000);

    it('sends nothing about a voided label, not even when its parcel is reported delivered', async () => {
      await settings({ enabled: false, senderName: 'Cedar Goods', purchasedSubject: '{store}: {courier} {tracking_number}' });
      const vera = address('vera');
      const label = await buyTo(vera);
      const voided = await call('POST', `/orders/${label.orderId}/void`, undefined, { token: seller.token });
      expect(voided.status).toBe(200);
      await settings({ enabled: true, senderName: 'Cedar Goods', purchasedSubject: '{store}: {courier} {tracking_number}' });
      await deliver(label.trackingNumber);
      await eventually(
        async () => (await call('GET', `/orders/${label.orderId}/tracking`, undefined, { token: seller.token })).body['status'],
        (status) => status === 'delivered',
        30_000,
        'the delivered report stored',
      );
      await settled();
      expect(mailsTo(vera)).toEqual([]);
    }, 120_000);
  });
};
