import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeInvoice {
  id: string;
  storeId: string;
  amount: string;
  currency: string;
  status: 'New' | 'Processing' | 'Settled' | 'Expired' | 'Invalid';
  additionalStatus: 'None' | 'PaidLate' | 'PaidPartial' | 'Marked' | 'Invalid' | 'PaidOver';
  metadata: Record<string, unknown>;
  createdTime: number;
  expirationTime: number;
  checkoutLink: string;
}

interface Delivery {
  deliveryId: string;
  originalDeliveryId: string;
  event: Record<string, unknown>;
}

const id = () => randomBytes(11).toString('base64url');

/**
 * A stand-in for BTCPay Server's Greenfield API, written for the tests: the create/read/list-by-orderId invoice
 * endpoints (with `Authorization: token` checked), a control surface to move invoices through their states, and
 * webhooks signed exactly as BTCPay's WebhookSender does — indented JSON, `BTCPay-Sig: sha256=<hex HMAC>` — with
 * redelivery keeping `originalDeliveryId` and giving a new `deliveryId`.
 */
export class FakeBtcpayServer {
  readonly invoices = new Map<string, FakeInvoice>();
  readonly deliveries = new Map<string, Delivery>();
  readonly createCalls: string[] = [];
  /** Answer the next create with 500 after storing the invoice, as a server that timed out after doing the work. */
  failNextCreateAfterStoring = false;
  private server: Server | null = null;
  url = '';

  constructor(
    readonly storeId: string,
    readonly apiKey: string,
    readonly webhookSecret: string,
    /** Where webhooks go; set once the system under test is up. */
    public webhookUrl = '',
  ) {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', () => resolve()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Moves an invoice, as BTCPay's InvoiceWatcher or a manual marking would. */
  set(invoiceId: string, status: FakeInvoice['status'], additionalStatus: FakeInvoice['additionalStatus'] = 'None'): void {
    const invoice = this.invoices.get(invoiceId);
    if (!invoice) throw new Error(`no invoice ${invoiceId}`);
    Object.assign(invoice, { status, additionalStatus });
  }

  /** A first delivery of an event; answers the HTTP status our endpoint gave and the delivery id. */
  async deliver(type: string, invoiceId: string, extra: Record<string, unknown> = {}, secret = this.webhookSecret): Promise<{ status: number; deliveryId: string }> {
    const deliveryId = id();
    const invoice = this.invoices.get(invoiceId);
    const event = {
      deliveryId,
      webhookId: 'fake-webhook',
      originalDeliveryId: deliveryId,
      isRedelivery: false,
      type,
      timestamp: Math.floor(Date.now() / 1000),
      storeId: invoice?.storeId ?? this.storeId,
      invoiceId,
      metadata: invoice?.metadata ?? {},
      ...extra,
    };
    this.deliveries.set(deliveryId, { deliveryId, originalDeliveryId: deliveryId, event });
    return { status: await this.post(event, secret), deliveryId };
  }

  /** BTCPay's redelivery: same event and originalDeliveryId, a new deliveryId, isRedelivery true. */
  async redeliver(deliveryId: string): Promise<{ status: number; deliveryId: string }> {
    const previous = this.deliveries.get(deliveryId);
    if (!previous) throw new Error(`no delivery ${deliveryId}`);
    const newId = id();
    const event = { ...previous.event, deliveryId: newId, originalDeliveryId: previous.originalDeliveryId, isRedelivery: true };
    this.deliveries.set(newId, { deliveryId: newId, originalDeliveryId: previous.originalDeliveryId, event });
    return { status: await this.post(event, this.webhookSecret), deliveryId: newId };
  }

  /** Posts raw bytes with a signature: for the bad-signature and foreign-store cases. */
  async postRaw(body: string, signature: string): Promise<number> {
    const response = await fetch(this.webhookUrl, { method: 'POST', headers: { 'Content-Type': 'application/json', 'BTCPay-Sig': signature }, body });
    return response.status;
  }

  sign(body: string, secret = this.webhookSecret): string {
    return `sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(Buffer.from(body, 'utf8')).digest('hex')}`;
  }

  private post(event: Record<string, unknown>, secret: string): Promise<number> {
    const body = JSON.stringify(event, null, 2); // BTCPay serialises with Formatting.Indented
    return this.postRaw(body, this.sign(body, secret));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `token ${this.apiKey}`) return send(401, { code: 'unauthenticated', message: 'Authentication is required' });
    const url = new URL(req.url ?? '/', this.url);
    const prefix = `/api/v1/stores/${this.storeId}/invoices`;
    if (!url.pathname.startsWith(prefix)) return send(404, { code: 'store-not-found' });
    const rest = url.pathname.slice(prefix.length);
    if (req.method === 'POST' && rest === '') {
      const body = JSON.parse(await readBody(req)) as { amount: string; currency: string; metadata: Record<string, unknown>; checkout?: { expirationMinutes?: number } };
      const now = Math.floor(Date.now() / 1000);
      const invoice: FakeInvoice = {
        id: id(),
        storeId: this.storeId,
        amount: body.amount,
        currency: body.currency,
        status: 'New',
        additionalStatus: 'None',
        metadata: body.metadata,
        createdTime: now,
        expirationTime: now + (body.checkout?.expirationMinutes ?? 15) * 60,
        checkoutLink: `${this.url}/i/${id()}`,
      };
      this.invoices.set(invoice.id, invoice);
      this.createCalls.push(invoice.id);
      if (this.failNextCreateAfterStoring) {
        this.failNextCreateAfterStoring = false;
        return send(500, { message: 'upstream timeout' });
      }
      return send(200, invoice);
    }
    if (req.method === 'GET' && rest === '') {
      const orderIds = url.searchParams.getAll('orderId');
      return send(200, [...this.invoices.values()].filter((i) => orderIds.includes(String(i.metadata['orderId']))));
    }
    if (req.method === 'GET' && rest.startsWith('/')) {
      const invoice = this.invoices.get(decodeURIComponent(rest.slice(1)));
      return invoice ? send(200, invoice) : send(404, { code: 'invoice-not-found' });
    }
    return send(404, { code: 'not-found' });
  }
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
