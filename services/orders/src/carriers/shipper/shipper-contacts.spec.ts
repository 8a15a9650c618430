import { AuthRpc, type AnyRpcContract } from '@labeldesk/contracts';
import type { RpcClient } from '@labeldesk/nest-transport';
import { CONTACT_TTL_MS, MAX_REMEMBERED, ShipperContacts } from './shipper-contacts';

/** Auth as orders sees it: each question recorded, each user's e-mail from `emails`. */
const fakeAuth = (emails: Record<string, string | null> = {}) => {
  const asked: Array<{ subject: string; body: unknown; options: unknown }> = [];
  const rpc = {
    call: jest.fn(async (contract: AnyRpcContract, body: { userId: string }, options: unknown) => {
      asked.push({ subject: contract.subject, body, options });
      return { email: emails[body.userId] ?? null };
    }),
  };
  return { asked, rpc: rpc as unknown as RpcClient };
};

describe('ShipperContacts', () => {
  afterEach(() => jest.useRealTimers());

  it('asks auth nothing when no carrier reports shippers (the sandbox, EasyPost)', async () => {
    const auth = fakeAuth({ u1: 'ada@example.com' });
    const contacts = new ShipperContacts(auth.rpc, { needsShipperContact: false });
    await expect(contacts.shipperOf('u1', '6145550142')).resolves.toEqual({ accountId: 'u1', email: null, phone: '6145550142' });
    expect(auth.asked).toEqual([]);
  });

  it("asks auth for the customer's e-mail as the orders service, once per customer while the answer is fresh", async () => {
    const auth = fakeAuth({ u1: 'ada@example.com', u2: 'bob@example.com' });
    const contacts = new ShipperContacts(auth.rpc, { needsShipperContact: true });
    for (let row = 0; row < 5; row++) {
      await expect(contacts.shipperOf('u1', '6145550142')).resolves.toEqual({ accountId: 'u1', email: 'ada@example.com', phone: '6145550142' });
    }
    await expect(contacts.shipperOf('u2', null)).resolves.toEqual({ accountId: 'u2', email: 'bob@example.com', phone: null });
    expect(auth.asked).toEqual([
      { subject: AuthRpc.userContact.subject, body: { userId: 'u1' }, options: { asService: true } },
      { subject: AuthRpc.userContact.subject, body: { userId: 'u2' }, options: { asService: true } },
    ]);
  });

  it('asks again once the answer is older than a few minutes (an e-mail can change)', async () => {
    jest.useFakeTimers({ now: new Date('2026-06-23T12:00:00Z') });
    const auth = fakeAuth({ u1: 'ada@example.com' });
    const contacts = new ShipperContacts(auth.rpc, { needsShipperContact: true });
    await contacts.shipperOf('u1', null);
    jest.setSystemTime(Date.now() + CONTACT_TTL_MS - 1);
    await contacts.shipperOf('u1', null);
    expect(auth.asked).toHaveLength(1);
    jest.setSystemTime(Date.now() + 1);
    await contacts.shipperOf('u1', null);
    expect(auth.asked).toHaveLength(2);
  });

  it('keeps at most MAX_REMEMBERED customers, forgetting the oldest answer first', async () => {
    const auth = fakeAuth();
    const contacts = new ShipperContacts(auth.rpc, { needsShipperContact: true });
    for (let user = 0; user <= MAX_REMEMBERED; user++) await contacts.shipperOf(`u${user}`, null);
    expect(auth.asked).toHaveLength(MAX_REMEMBERED + 1);
    await contacts.shipperOf(`u${MAX_REMEMBERED}`, null);
    await contacts.shipperOf('u1', null);
    expect(auth.asked).toHaveLength(MAX_REMEMBERED + 1);
    await contacts.shipperOf('u0', null);
    expect(auth.asked).toHaveLength(MAX_REMEMBERED + 2);
  });

  it('lets a failed question through (the label waits for a later try) and remembers nothing from it', async () => {
    const auth = fakeAuth({ u1: 'ada@example.com' });
    (auth.rpc.call as jest.Mock).mockRejectedValueOnce(new Error('auth is not answering'));
    const contacts = new ShipperContacts(auth.rpc, { needsShipperContact: true });
    await expect(contacts.shipperOf('u1', null)).rejects.toThrow('auth is not answering');
    await expect(contacts.shipperOf('u1', null)).resolves.toMatchObject({ email: 'ada@example.com' });
  });
});
