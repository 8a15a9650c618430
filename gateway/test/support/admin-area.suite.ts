import { freePort, startHookTimeout, startMailCatcher, type MailCatcher, type RunningSystem } from '@labeldesk/testing';
import { requestJson, type JsonAnswer as Json, type JsonRequestOptions } from './json-request';

const PASSWORD = 'correct-horse-1';
const ORDER = {
  service_name: 'USPS Priority Mail',
  sender: { sender_name: 'Ann Sender', sender_address1: '1 Main St', sender_city: 'Austin', sender_state_province: 'TX', sender_zip_postal: '78701' },
  receiver: { receiver_name: 'Bob Receiver', receiver_address1: '200 Pine Ave', receiver_city: 'Seattle', receiver_state_province: 'WA', receiver_zip_postal: '98101' },
  package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2.5 },
};

/**
 * The admin area's own API, asserted the same way in either run mode: the dashboard's figures, order-label
 * management, the audit log, and account recovery (e-mailed through a local SMTP server this suite starts, and issued
 * by an admin).
 */
export const describeAdminArea = (mode: string, start: (env: NodeJS.ProcessEnv) => Promise<RunningSystem>): void => {
  describe(`admin area (${mode} mode)`, () => {
    let system: RunningSystem;
    let mail: MailCatcher;
    let admin: { token: string; id: string };
    let metricsPort = 0;
    const unique = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;

    const call = (method: string, path: string, options?: JsonRequestOptions): Promise<Json> => requestJson(system.baseUrl, method, path, options);
    const register = async (name: string) => {
      const email = `${name}-${unique}@example.com`;
      const result = await call('POST', '/auth/register', { body: { name, email, password: PASSWORD, confirmPassword: PASSWORD } });
      expect(result.status).toBe(201);
      return { email, token: result.body.token ?? '', id: String(result.body.user?.['_id']) };
    };
    const stats = async () => (await call('GET', '/admin/stats', { token: admin.token })).body as unknown as {
      users: { total: number; today: number };
      orders: { total: number; today: number };
      labels: { total: number; today: number };
      revenueCents: { total: number; today: number };
      perDay: Array<{ day: string; labels: number; revenueCents: number }>;
      margins: Record<'today' | 'lastDays', { labels: number; revenueCents: number; costCents: number; marginCents: number; withoutCost: { labels: number } }>;
    };

    beforeAll(async () => {
      mail = await startMailCatcher();
      metricsPort = await freePort();
      system = await start({ SMTP_URL: mail.url, PUBLIC_URL: 'https://labels.example.com', METRICS_PORT: String(metricsPort) });
      const login = await call('POST', '/auth/login', { body: { email: system.adminEmail, password: system.adminPassword } });
      admin = { token: login.body.token ?? '', id: String(login.body.user?.['_id']) };
    }, startHookTimeout());

    afterAll(async () => {
      await system?.stop();
      await mail?.stop();
    }, 60_000);

    it('counts a label bought today in the dashboard figures and in today\'s bar of the chart', async () => {
      const before = await stats();
      const buyer = await register('buyer');
      expect((await call('POST', `/auth/users/details/${buyer.id}`, { body: { balance: 5000 }, token: admin.token, key: `fund-${unique}` })).status).toBe(200);
      const bought = await call('POST', '/orders/v2', { body: ORDER, token: buyer.token, key: `stats-order-${unique}` });
      expect(bought.status).toBe(200);
      const after = await stats();
      expect(after.users.total).toBe(before.users.total + 1);
      expect([after.orders.total, after.labels.total, after.labels.today]).toEqual([before.orders.total + 1, before.labels.total + 1, before.labels.today + 1]);
      expect(after.revenueCents.total).toBe(before.revenueCents.total + 850);
      expect(after.perDay).toHaveLength(30);
      const today = after.perDay[after.perDay.length - 1];
      expect(today?.day).toBe(new Date().toISOString().slice(0, 10));
      expect(today?.revenueCents).toBe((before.perDay[before.perDay.length - 1]?.revenueCents ?? 0) + 850);
      // The sandbox records a postage cost on every label: the label adds to revenue, cost and margin, none without a cost.
      for (const span of ['today', 'lastDays'] as const) {
        const [was, is] = [before.margins[span], after.margins[span]];
        expect([is.labels, is.revenueCents, is.withoutCost.labels]).toEqual([was.labels + 1, was.revenueCents + 850, was.withoutCost.labels]);
        expect(is.costCents).toBeGreaterThan(was.costCents);
        expect(is.marginCents).toBe(is.revenueCents - is.costCents);
      }
      expect((await call('GET', '/admin/stats', { token: buyer.token })).status).toBe(403);
    });

    it('lists no carrier alerts while the sandbox sells, to admins only', async () => {
      const asAdmin = await call('GET', '/admin/carriers/alerts', { token: admin.token });
      expect([asAdmin.status, asAdmin.body]).toEqual([200, { alerts: [] }]);
      const customer = await register('alerts');
      expect((await call('GET', '/admin/carriers/alerts', { token: customer.token })).status).toBe(403);
      expect((await call('GET', '/admin/carriers/alerts', {})).status).toBe(401);
    });

    it('counts requests by route and calls by subject in the Prometheus metrics, on their own port only', async () => {
      const buyer = await register('measured');
      await call('POST', `/auth/users/details/${buyer.id}`, { body: { balance: 5000 }, token: admin.token, key: `fund-measured-${unique}` });
      expect((await call('POST', '/orders/v2', { body: ORDER, token: buyer.token, key: `measured-order-${unique}` })).status).toBe(200);
      const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
      expect(value(/labeldesk_http_request_duration_seconds_count\{method="POST",route="\/api\/orders\/v2",status="200"\} (\d+)/)).toBeGreaterThanOrEqual(1);
      expect(value(/labeldesk_rpc_duration_seconds_count\{subject="orders\.single\.place\.v1",outcome="ok"\} (\d+)/)).toBeGreaterThanOrEqual(1);
      expect(text).not.toContain('token');
      // The public port has no metrics: `/metrics` there is just a page of the web app.
      expect((await fetch(`${system.baseUrl}/metrics`)).headers.get('content-type')).toContain('text/html');
    });

    it('finds every customer\'s orders by customer, status, kind, tracking number and carrier, with what each label cost, and opens one', async () => {
      const buyer = await register('lister');
      await call('POST', `/auth/users/details/${buyer.id}`, { body: { balance: 5000 }, token: admin.token, key: `fund-lister-${unique}` });
      const bought = await call('POST', '/orders/v2', { body: ORDER, token: buyer.token, key: `list-order-${unique}` });
      const tracking = String((bought.body['data'] as Record<string, unknown>)['trackingNumber']);
      const mine = await call('GET', `/admin/orders?userId=${buyer.id}`, { token: admin.token });
      expect(mine.body['total']).toBe(1);
      const [row] = mine.body['items'] as Array<Record<string, unknown>>;
      expect(row).toMatchObject({ kind: 'single', status: 'completed', userId: buyer.id, userEmail: buyer.email, trackingNumber: tracking, chargedCents: 850, labels: 1 });
      expect(row).toMatchObject({ carriers: ['sandbox'], costCents: expect.any(Number), labelsWithoutCost: 0 });
      expect(row?.['marginCents']).toBe(850 - Number(row?.['costCents']));
      expect((await call('GET', `/admin/orders?userId=${buyer.id}&carrier=sandbox`, { token: admin.token })).body['items']).toEqual([row]);
      expect((await call('GET', `/admin/orders?userId=${buyer.id}&carrier=easypost`, { token: admin.token })).body['total']).toBe(0);
      const unknownCarrier = await call('GET', '/admin/orders?carrier=fedex', { token: admin.token });
      expect([unknownCarrier.status, unknownCarrier.body.message]).toEqual([400, 'Carrier must be one of: sandbox, easypost, usps']);
      expect((await call('GET', `/admin/orders?tracking=${tracking}`, { token: admin.token })).body['items']).toEqual([row]);
      expect((await call('GET', `/admin/orders?userId=${buyer.id}&kind=batch`, { token: admin.token })).body['total']).toBe(0);
      expect((await call('GET', `/admin/orders?userId=${buyer.id}&status=cancelled`, { token: admin.token })).body['total']).toBe(0);
      const opened = await call('GET', `/admin/orders/single/${String(row?.['id'])}`, { token: admin.token });
      expect(opened.body).toMatchObject({ kind: 'single', order: { id: row?.['id'], trackingNumber: tracking, receiver: { receiver_name: 'Bob Receiver' }, carrier: 'sandbox', costCents: row?.['costCents'], marginCents: row?.['marginCents'] } });
      const bad = await call('GET', '/admin/orders?from=2026-12-31&to=2026-01-01', { token: admin.token });
      expect([bad.status, bad.body.message]).toEqual([400, 'The start date must not be after the end date']);
      expect((await call('GET', '/admin/orders', { token: buyer.token })).status).toBe(403);
    });

    it('writes each admin action to the audit log with who, what, to whom, before and after', async () => {
      const target = await register('audited');
      expect((await call('POST', `/auth/users/role/${target.id}`, { body: { user_role: 'friend' }, token: admin.token })).status).toBe(200);
      expect((await call('POST', `/auth/users/details/${target.id}`, { body: { balance: 1234 }, token: admin.token, key: `audit-balance-${unique}` })).status).toBe(200);
      const log = await call('GET', `/admin/audit?targetId=${target.id}`, { token: admin.token });
      const items = log.body['items'] as Array<Record<string, unknown>>;
      expect(items.map((i) => i['action'])).toEqual(['user.balance', 'user.role']);
      expect(items[1]).toMatchObject({ actorId: admin.id, targetType: 'user', targetId: target.id, before: { role: 'user' }, after: { role: 'friend' } });
      expect(items[0]).toMatchObject({ before: { balanceCents: 0 }, after: { balanceCents: 1234 } });
      expect(items[0]).toMatchObject({ targetName: 'audited', targetEmail: target.email });
      // The role change ended the target's sessions; any customer is refused the log.
      expect((await call('GET', '/admin/audit', { token: target.token })).status).toBe(401);
      expect((await call('GET', '/admin/audit', { token: (await register('curious')).token })).status).toBe(403);
    });

    it('still names a deleted user in the audit log, with the name and e-mail the action was taken on', async () => {
      const target = await register('departed');
      expect((await call('DELETE', `/auth/users/${target.id}`, { token: admin.token })).status).toBe(200);
      const log = await call('GET', `/admin/audit?targetId=${target.id}`, { token: admin.token });
      const items = log.body['items'] as Array<Record<string, unknown>>;
      expect(items).toEqual([expect.objectContaining({ action: 'user.delete', targetId: target.id, targetName: 'departed', targetEmail: target.email })]);
    });

    it('e-mails a one-time reset link to the account, the same answer for an unknown e-mail, and the link works once', async () => {
      const user = await register('forgetful');
      const seen = mail.to(user.email).length;
      const asked = await call('POST', '/auth/forgot-password', { body: { email: user.email.toUpperCase() } });
      const unknown = await call('POST', '/auth/forgot-password', { body: { email: `nobody-${unique}@example.com` } });
      expect(asked.status).toBe(200);
      expect(unknown.body).toEqual(asked.body);
      expect(asked.body['delivery']).toBe('email');
      const message = await mail.next(user.email, seen);
      const link = /https:\/\/labels\.example\.com\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(message.text);
      expect(link).not.toBeNull();
      expect(mail.to(`nobody-${unique}@example.com`)).toHaveLength(0);

      const token = link?.[1] ?? '';
      const reset = await call('POST', '/auth/reset-password', { body: { token, password: 'brand-new-pass-1', confirmPassword: 'brand-new-pass-1' } });
      expect([reset.status, reset.body.message]).toEqual([200, 'Your password has been reset. Please sign in with the new one.']);
      expect((await call('GET', '/auth/verify', { token: user.token })).status).toBe(401);
      expect((await call('POST', '/auth/login', { body: { email: user.email, password: 'brand-new-pass-1' } })).status).toBe(200);
      const again = await call('POST', '/auth/reset-password', { body: { token, password: 'another-pass-22', confirmPassword: 'another-pass-22' } });
      expect([again.status, again.body.message]).toEqual([400, 'This reset link is not valid any more. Ask for a new one.']);
    });

    it('lets an admin issue the same kind of link for the operator to hand over; a newer link voids the older one', async () => {
      const user = await register('handed');
      const first = await call('POST', `/auth/users/${user.id}/reset-link`, { token: admin.token });
      const second = await call('POST', `/auth/users/${user.id}/reset-link`, { token: admin.token });
      expect(first.status).toBe(200);
      const tokenOf = (answer: Json) => new URL(String(answer.body['link'])).searchParams.get('token') ?? '';
      expect(String(second.body['link'])).toMatch(/^https:\/\/labels\.example\.com\/reset-password\?token=/);
      const stale = await call('POST', '/auth/reset-password', { body: { token: tokenOf(first), password: 'operator-pass-1', confirmPassword: 'operator-pass-1' } });
      expect(stale.status).toBe(400);
      expect((await call('POST', '/auth/reset-password', { body: { token: tokenOf(second), password: 'operator-pass-1', confirmPassword: 'operator-pass-1' } })).status).toBe(200);
      const nosy = await register('nosy');
      expect((await call('POST', `/auth/users/${admin.id}/reset-link`, { token: nosy.token })).status).toBe(403);
      const audit = await call('GET', `/admin/audit?targetId=${user.id}&action=user.reset-link`, { token: admin.token });
      expect(audit.body['total']).toBe(2);
    });

    it('issues no reset link to a blocked user, by e-mail or by an admin, and lets none issued before the block work', async () => {
      const user = await register('blocked');
      const early = await call('POST', `/auth/users/${user.id}/reset-link`, { token: admin.token });
      expect(early.status).toBe(200);
      expect((await call('POST', `/auth/users/activation/${user.id}`, { body: { activation: 'block' }, token: admin.token })).status).toBe(200);

      const seen = mail.to(user.email).length;
      const asked = await call('POST', '/auth/forgot-password', { body: { email: user.email } });
      const unknown = await call('POST', '/auth/forgot-password', { body: { email: `nobody-else-${unique}@example.com` } });
      expect([asked.status, asked.body]).toEqual([200, unknown.body]);
      const refused = await call('POST', `/auth/users/${user.id}/reset-link`, { token: admin.token });
      expect([refused.status, refused.body.message]).toEqual([409, 'This user is blocked; allow access first, then issue the link.']);
      const token = new URL(String(early.body['link'])).searchParams.get('token') ?? '';
      const used = await call('POST', '/auth/reset-password', { body: { token, password: 'takeover-pass-1', confirmPassword: 'takeover-pass-1' } });
      expect([used.status, used.body.message]).toEqual([400, 'This reset link is not valid any more. Ask for a new one.']);
      // Allowed again, the old password still stands and the link stays used up; no mail went out while blocked.
      expect((await call('POST', `/auth/users/activation/${user.id}`, { body: { activation: 'allow' }, token: admin.token })).status).toBe(200);
      expect((await call('POST', '/auth/login', { body: { email: user.email, password: PASSWORD } })).status).toBe(200);
      expect(mail.to(user.email)).toHaveLength(seen);
    });
  });
};
