import type { RunningSystem } from '@labeldesk/testing';

type Body = Record<string, unknown>;

const PASSWORD = 'admin-services-pw';
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/**
 * The admin's service configuration over the real gateway and pricing service: renaming a user's copy of a service
 * (PUT /api/userServices/{userId}/{serviceId}/name) and what follows from it, plus the guard rails that keep an admin
 * from changing their own role, access or balance.
 */
export const describeAdminServices = (mode: string, running: () => RunningSystem): void => {
  describe(`admin services and guard rails (${mode} mode)`, () => {
    let system: RunningSystem;
    let admin: { token: string; id: string };
    const unique = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;

    const call = async (method: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: Body }> => {
      const response = await fetch(`${system.baseUrl}/api${path}`, {
        method,
        headers: { 'content-type': 'application/json', token },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as Body) : {} };
    };
    const list = async (path: string, token: string): Promise<Body[]> => (await call('GET', path, token)).body as unknown as Body[];

    /** A new customer with the default services. */
    const customer = async (name: string) => {
      const email = `${name}-${unique}@example.com`;
      const response = await fetch(`${system.baseUrl}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, email, password: PASSWORD, confirmPassword: PASSWORD }),
      });
      const body = (await response.json()) as { token: string; user: { _id: string } };
      const services = (await call('POST', `/userServices/${body.user._id}/initialize`, body.token)).body as unknown as Body[];
      const byUid = (uid: string) => String(services.find((s) => s['uid'] === uid)?.['_id']);
      return { token: body.token, id: body.user._id, priorityId: byUid('usps_priority'), groundId: byUid('usps_ground_advantage') };
    };

    beforeAll(async () => {
      system = running();
      const response = await fetch(`${system.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: system.adminEmail, password: system.adminPassword }),
      });
      const body = (await response.json()) as { token: string; user: { _id: string } };
      admin = { token: body.token, id: body.user._id };
    }, 120_000);

    it("renames one user's service: they see, are quoted and order by the new name, and nobody else's changes", async () => {
      const renamed = await customer('renamed');
      const other = await customer('other');
      const answer = await call('PUT', `/userServices/${renamed.id}/${renamed.priorityId}/name`, admin.token, { name: '  Priority for Acme  ' });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ _id: renamed.priorityId, uid: 'usps_priority', name: 'Priority for Acme', enabled: true, status: true });

      expect((await list(`/userServices/${renamed.id}`, admin.token)).map((s) => s['name'])).toContain('Priority for Acme');
      const available = (await list(`/userServices/${renamed.id}/available`, renamed.token)).map((s) => s['name']);
      expect(available).toContain('Priority for Acme');
      expect(available).not.toContain('USPS Priority Mail');
      const quote = (serviceName: string, token: string, userId: string) =>
        call('POST', '/orders/price/v2/bulk', token, { userId, shipments: [{ service_name: serviceName, package: { package_weight: 3 } }] });
      expect((await quote('Priority for Acme', renamed.token, renamed.id)).body['totalPrice']).toBe(850);
      expect((await quote('USPS Priority Mail', renamed.token, renamed.id)).status).toBe(400);

      expect((await list(`/userServices/${other.id}/available`, other.token)).map((s) => s['name'])).toContain('USPS Priority Mail');
      expect((await list('/defaultServices', admin.token)).map((s) => s['name'])).toContain('USPS Priority Mail');
    });

    it('refuses an empty name with the spec message and keeps the old one', async () => {
      const user = await customer('emptyname');
      const empty = await call('PUT', `/userServices/${user.id}/${user.priorityId}/name`, admin.token, { name: '   ' });
      expect([empty.status, empty.body['message']]).toEqual([400, 'Service name cannot be empty']);
      expect((await list(`/userServices/${user.id}`, admin.token)).map((s) => s['name'])).toContain('USPS Priority Mail');
    });

    it("refuses a name another of the user's services has, since orders find services by name", async () => {
      const user = await customer('clash');
      const clash = await call('PUT', `/userServices/${user.id}/${user.priorityId}/name`, admin.token, { name: 'usps ground advantage' });
      expect([clash.status, clash.body['code'], clash.body['message']]).toEqual([409, 'CONFLICT', 'Another service is already named "USPS Ground Advantage"']);
    });

    it('lets only an admin rename, and only a service of that user', async () => {
      const user = await customer('owner');
      const stranger = await customer('stranger');
      expect((await call('PUT', `/userServices/${user.id}/${user.priorityId}/name`, user.token, { name: 'Mine' })).status).toBe(403);
      const foreign = await call('PUT', `/userServices/${stranger.id}/${user.priorityId}/name`, admin.token, { name: 'Not theirs' });
      expect([foreign.status, foreign.body['message']]).toEqual([404, 'Service not found']);
      expect((await call('PUT', `/userServices/${user.id}/not-an-id/name`, admin.token, { name: 'X' })).status).toBe(400);
      expect((await call('PUT', `/userServices/${user.id}/${NO_SUCH_ID}/name`, admin.token, { name: 'X' })).status).toBe(404);
    });

    it('refuses an admin changing their own role or balance or blocking themselves, with a 400 that says why', async () => {
      const role = await call('POST', `/auth/users/role/${admin.id}`, admin.token, { user_role: 'user' });
      expect([role.status, role.body['message']]).toEqual([400, 'You cannot remove your own admin role']);
      const balance = await call('POST', `/auth/users/details/${admin.id}`, admin.token, { balance: 1_000_000 });
      expect([balance.status, balance.body['message']]).toEqual([400, 'You cannot change your own balance']);
      const block = await call('POST', `/auth/users/activation/${admin.id}`, admin.token, { activation: 'block' });
      expect([block.status, block.body['message']]).toEqual([400, 'You cannot block your own account']);

      const me = (await call('GET', '/auth/verify', admin.token)).body['user'] as Body;
      expect([me['user_role'], me['balance'], me['activation']]).toEqual(['admin', 0, 'allow']);
    });
  });
};
