import { FakeWooCommerceServer } from '@labeldesk/testing';
import { storeHttp } from '../http/store-http';
import { StoreRefusedError, type ImportedOrder, type StoreAccount } from '../plugin/store-plugin';
import { trackingNote, WOO_PAGE_SIZE, wooCommercePlugin } from './woocommerce.plugin';

const http = storeHttp({ allowPrivate: true, timeoutMs: 60_000, tries: 3, sleep: async () => undefined });

const importAll = async (account: StoreAccount, cursor: string | null) => {
  const orders: ImportedOrder[] = [];
  let last: string | null = null;
  for await (const page of wooCommercePlugin.importOrders(account, cursor, http)) {
    orders.push(...page.orders);
    last = page.cursor ?? last;
  }
  return { orders, cursor: last };
};

describe('the WooCommerce store plugin against the fake WooCommerce', () => {
  let woo: FakeWooCommerceServer;
  let account: StoreAccount;

  beforeEach(async () => {
    woo = await new FakeWooCommerceServer().start();
    account = await wooCommercePlugin.connect({ url: `${woo.url}/`, consumer_key: woo.consumerKey, consumer_secret: woo.consumerSecret }, http);
  });
  afterEach(async () => {
    expect(woo.violations).toEqual([]);
    await woo.stop();
  });

  it('connects with good keys, naming the store by its address', () => {
    expect(account).toMatchObject({ url: woo.url, name: woo.url.replace('http://', ''), storeKey: woo.url });
  });

  it('refuses keys WooCommerce does not accept, with its reason', async () => {
    const wrong = { url: woo.url, consumer_key: woo.consumerKey, consumer_secret: `cs_${'1'.repeat(40)}` };
    await expect(wooCommercePlugin.connect(wrong, http)).rejects.toThrow(new StoreRefusedError('WooCommerce refused the API keys: Sorry, you cannot list resources.'));
  });

  it('checks the keys\' shape before calling the store', () => {
    expect(wooCommercePlugin.credentials.safeParse({ url: woo.url, consumer_key: 'key', consumer_secret: woo.consumerSecret }).success).toBe(false);
    expect(wooCommercePlugin.credentials.safeParse({ url: 'ftp://shop', consumer_key: woo.consumerKey, consumer_secret: woo.consumerSecret }).success).toBe(false);
  });

  it('imports every processing order across pages, a multi-item order as one order with all its items and its shipping address', async () => {
    for (let i = 0; i < WOO_PAGE_SIZE + 5; i++) woo.addOrder({ items: [{ sku: `SKU-${i}`, quantity: 1 }] });
    woo.addOrder({ status: 'completed', items: [{ sku: 'DONE', quantity: 1 }] });
    const multi = woo.addOrder({ shipping: { first_name: 'Ann', last_name: 'Lee', address_1: '1 Main St', address_2: 'Apt 2', city: 'Austin', state: 'TX', postcode: '78701' }, items: [{ sku: 'MUG-1', name: 'Mug', quantity: 2 }, { sku: 'TEE-1', name: 'Tee', quantity: 3 }] });
    const { orders, cursor } = await importAll(account, null);
    expect(orders).toHaveLength(WOO_PAGE_SIZE + 6);
    expect(orders.find((order) => order.externalId === String(multi.id))).toEqual({
      externalId: String(multi.id),
      orderNumber: multi.number,
      placedAt: `${multi.date_created_gmt}.000Z`,
      modifiedAt: `${multi.date_modified_gmt}.000Z`,
      receiver: {
        receiver_name: 'Ann Lee',
        receiver_company: null,
        receiver_phone: '4155550100',
        receiver_address1: '1 Main St',
        receiver_address2: 'Apt 2',
        receiver_city: 'Austin',
        receiver_state_province: 'TX',
        receiver_zip_postal: '78701',
        receiver_country: 'US',
        receiver_email: 'jane@example.com',
      },
      items: [
        { sku: 'MUG-1', name: 'Mug', quantity: 2 },
        { sku: 'TEE-1', name: 'Tee', quantity: 3 },
      ],
    });
    const listed = woo.requests.filter((request) => request.method === 'GET' && request.path.endsWith('/orders') && request.query['status'] === 'processing');
    expect(listed.map((request) => [request.query['page'], request.query['per_page']])).toEqual([['1', '100'], ['2', '100']]);
    expect(cursor).not.toBeNull();
  });

  it('asks again only for orders modified after its cursor', async () => {
    woo.addOrder({ items: [{ sku: 'A', quantity: 1 }] });
    const { cursor } = await importAll(account, null);
    const before = woo.requests.length;
    await importAll(account, cursor);
    expect(woo.requests[before]?.query).toMatchObject({ modified_after: cursor, dates_are_gmt: 'true' });
  });

  it('leaves out an order with nothing to ship to (no shipping address)', async () => {
    woo.addOrder({ shipping: { address_1: '' }, items: [{ sku: 'EBOOK', quantity: 1 }] });
    expect((await importAll(account, null)).orders).toEqual([]);
  });

  it('waits out a 429 and carries on', async () => {
    woo.addOrder({ items: [{ sku: 'A', quantity: 1 }] });
    woo.rateLimited = 2;
    expect((await importAll(account, null)).orders).toHaveLength(1);
  });

  it('writes back a note to the customer with the tracking and completes the order, and a repeat adds no second note', async () => {
    const order = woo.addOrder({ items: [{ sku: 'A', quantity: 1 }] });
    const fulfilment = { externalId: String(order.id), orderNumber: order.number, courier: 'USPS', trackingNumber: '9400100000000000000001', trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000001' };
    await wooCommercePlugin.writeBack(account, fulfilment, http);
    await wooCommercePlugin.writeBack(account, fulfilment, http);
    expect(woo.order(order.id)).toMatchObject({ status: 'completed', notes: [{ note: trackingNote(fulfilment), customer_note: true }] });
    expect(trackingNote(fulfilment)).toBe(
      'Your order has shipped with USPS. Tracking number: 9400100000000000000001 — https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000001',
    );
  });

  it('sets a voided label\'s order back to processing with a private note, once however often it is asked', async () => {
    const order = woo.addOrder({ items: [{ sku: 'A', quantity: 1 }] });
    const fulfilment = { externalId: String(order.id), orderNumber: order.number, courier: 'USPS', trackingNumber: '9400100000000000000002', trackingUrl: null };
    await wooCommercePlugin.writeBack(account, fulfilment, http);
    await wooCommercePlugin.cancelWriteBack(account, fulfilment, http);
    await wooCommercePlugin.cancelWriteBack(account, fulfilment, http);
    expect(woo.order(order.id)).toMatchObject({
      status: 'processing',
      notes: [
        { note: trackingNote(fulfilment), customer_note: true },
        { note: 'The USPS label 9400100000000000000002 was voided: the order is back to processing until a new label is bought.', customer_note: false },
      ],
    });
  });

  it('fails a write-back while the store is down, saying what it answered', async () => {
    const order = woo.addOrder({ items: [{ sku: 'A', quantity: 1 }] });
    woo.down = true;
    await expect(wooCommercePlugin.writeBack(account, { externalId: String(order.id), orderNumber: order.number, courier: 'USPS', trackingNumber: '1', trackingUrl: null }, http)).rejects.toThrow(
      'WooCommerce answered 503: The site is experiencing technical difficulties.',
    );
  });
});
