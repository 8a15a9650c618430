import type { RunningSystem } from '@labeldesk/testing';
import { requestJson, type JsonAnswer as Json, type JsonRequestOptions } from './json-request';

interface Account {
  id: string;
  email: string;
  token: string;
  referralCode: string;
}

const PASSWORD = 'correct-horse-1';
/**
 * What these tests need of the system they run on: more top-ups a minute than a person gets (the deposits come quickly),
 * and the built-in test payment provider, so no BTCPAY_* settings.
 */
export const INVITE_FLOWS_ENV: NodeJS.ProcessEnv = { TOPUP_RATE_LIMIT_PER_MINUTE: '1000' };

/**
 * Invites and referrals (spec 2 "Invite", "Referral management"; spec 7 "Invites"), asserted the same way in either
 * run mode. Deposits are real ones: a top-up invoice of the built-in test payment provider, paid through its
 * checkout, which credits through the same signed-webhook path as BTCPay. An admin's balance change is not a deposit.
 */
export const describeInviteFlows = (mode: string, running: () => RunningSystem): void => {
  describe(`invites and referrals (${mode} mode)`, () => {
    let system: RunningSystem;
    let adminToken: string;
    const unique = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;

    const call = (method: string, path: string, options?: JsonRequestOptions): Promise<Json> => requestJson(system.baseUrl, method, path, options);
    const list = async (path: string, token: string): Promise<Array<Record<string, unknown>>> => {
      const result = await call('GET', path, { token });
      expect(result.status).toBe(200);
      return result.body as unknown as Array<Record<string, unknown>>;
    };
    const login = async (email: string): Promise<string> => {
      const result = await call('POST', '/auth/login', { body: { email, password: PASSWORD } });
      expect(result.status).toBe(200);
      return result.body.token ?? '';
    };
    const register = async (name: string, referralCode?: string): Promise<Account> => {
      const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${unique}@example.com`;
      const result = await call('POST', '/auth/register', { body: { name, email, password: PASSWORD, confirmPassword: PASSWORD, ...(referralCode ? { referralCode } : {}) } });
      expect(result.status).toBe(201);
      return { id: String(result.body.user?.['_id']), email, token: result.body.token ?? '', referralCode: String(result.body.user?.['referralCode']) };
    };
    /** A friend, as the spec's Invites page expects: the admin gives the role, which ends the old session. */
    const registerFriend = async (name: string): Promise<Account> => {
      const account = await register(name);
      expect((await call('POST', `/auth/users/role/${account.id}`, { body: { user_role: 'friend' }, token: adminToken })).status).toBe(200);
      return { ...account, token: await login(account.email) };
    };
    /** A real deposit: a top-up invoice of the test provider, paid at its checkout. */
    const deposit = async (account: Account, amountCents: number) => {
      const invoice = await call('GET', `/payment/top-up/${account.id}?amount=${amountCents}`, { token: account.token });
      expect(invoice.status).toBe(200);
      const paid = await call('POST', `/payment/test-invoices/${String(invoice.body['id'])}/pay`, { body: { outcome: 'paid' }, token: account.token });
      expect([paid.status, (paid.body['deposit'] as Record<string, unknown> | undefined)?.['status']]).toEqual([200, 'Settled']);
    };

    beforeAll(async () => {
      system = running();
      const admin = await call('POST', '/auth/login', { body: { email: system.adminEmail, password: system.adminPassword } });
      adminToken = admin.body.token ?? '';
    }, 120_000);

    it("lists a user who registered with a friend's code, in any case, for the friend and the admin, with real deposits only", async () => {
      const friend = await registerFriend('Inviting Friend');
      const payer = await register('Paying Invitee', friend.referralCode.toLowerCase());
      const adjusted = await register('Adjusted Invitee', friend.referralCode);
      await deposit(payer, 2500);
      await deposit(payer, 1000);
      // An admin's balance change moves the balance, not the deposits.
      expect((await call('POST', `/auth/users/details/${adjusted.id}`, { body: { balance: 4000 }, token: adminToken })).status).toBe(200);

      const expected = [
        { name: 'Adjusted Invitee', registeredDate: expect.any(String), totalDeposit: 0 },
        { name: 'Paying Invitee', registeredDate: expect.any(String), totalDeposit: 3500 },
      ];
      const forFriend = await list(`/invite/${friend.id}`, friend.token);
      expect(forFriend).toEqual(expected);
      expect(Object.keys(forFriend[0] ?? {}).sort()).toEqual(['name', 'registeredDate', 'totalDeposit']);
      expect(Number.isNaN(Date.parse(String(forFriend[0]?.['registeredDate'])))).toBe(false);
      expect(await list(`/invite/${friend.id}`, adminToken)).toEqual(expected);
    });

    it("answers a user's referral code to them and to an admin, and an empty list to someone who invited nobody", async () => {
      const friend = await registerFriend('Code Owner');
      expect(await call('GET', `/invite/referral/${friend.id}`, { token: friend.token })).toEqual({ status: 200, body: { referralCode: friend.referralCode } });
      expect((await call('GET', `/invite/referral/${friend.id}`, { token: adminToken })).body).toEqual({ referralCode: friend.referralCode });
      expect(await list(`/invite/${friend.id}`, friend.token)).toEqual([]);
    });

    it('keeps referral codes unique whatever their case', async () => {
      const first = await register('Case First');
      const second = await register('Case Second');
      const code = `Ship-${unique}`;
      const set = await call('POST', `/auth/users/details/${first.id}`, { body: { referralCode: code }, token: adminToken });
      expect([set.status, set.body['referralCode']]).toEqual([200, code.toUpperCase()]);

      const clash = await call('POST', `/auth/users/details/${second.id}`, { body: { referralCode: code.toLowerCase() }, token: adminToken });
      expect([clash.status, clash.body.message, clash.body.code]).toEqual([409, 'This referral code is already in use', 'AUTH_REFERRAL_CODE_TAKEN']);
      expect((await call('GET', `/invite/referral/${second.id}`, { token: adminToken })).body).toEqual({ referralCode: second.referralCode });
      // The holder may keep it in another case.
      expect((await call('POST', `/auth/users/details/${first.id}`, { body: { referralCode: code.toLowerCase() }, token: adminToken })).status).toBe(200);

      const invited = await register('Case Invited', code.toLowerCase());
      expect((await list(`/invite/${first.id}`, adminToken)).map((u) => u['name'])).toEqual(['Case Invited']);
      expect(invited.id).not.toBe(first.id);
    });

    it("refuses a user their own code at onboarding, then accepts a friend's code once", async () => {
      const friend = await registerFriend('Onboarding Friend');
      const newcomer = await register('Onboarding Newcomer');
      const own = await call('POST', '/invite/referral/apply', { body: { referralCode: newcomer.referralCode.toLowerCase() }, token: newcomer.token });
      expect([own.status, own.body.message]).toEqual([400, 'You cannot use your own referral code']);
      expect(await list(`/invite/${newcomer.id}`, newcomer.token)).toEqual([]);

      const applied = await call('POST', '/invite/referral/apply', { body: { referralCode: friend.referralCode }, token: newcomer.token });
      expect(applied.status).toBe(200);
      expect(applied.body).toMatchObject({ success: true, token: expect.any(String), user: { _id: newcomer.id, referredBy: friend.id } });
      expect((await list(`/invite/${friend.id}`, friend.token)).map((u) => u['name'])).toEqual(['Onboarding Newcomer']);

      // The friend cannot name their own invitee as their referrer: the two would list each other.
      const back = await call('POST', '/invite/referral/apply', { body: { referralCode: newcomer.referralCode }, token: friend.token });
      expect([back.status, back.body.message]).toEqual([400, 'You cannot use the referral code of someone you invited']);
    });

    it("refuses a customer another user's invitees and referral code (403), and bad ids and codes with a 400", async () => {
      const friend = await registerFriend('Private Friend');
      await register('Private Invitee', friend.referralCode);
      const snoop = await registerFriend('Snooping Friend');
      for (const path of [`/invite/${friend.id}`, `/invite/referral/${friend.id}`]) {
        const refused = await call('GET', path, { token: snoop.token });
        expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
        expect(JSON.stringify(refused.body)).not.toContain('Private Invitee');
        expect((await call('GET', path)).status).toBe(401);
      }
      expect((await call('GET', '/invite/not-a-user-id', { token: adminToken })).status).toBe(400);
      expect((await call('GET', '/invite/referral/not-a-user-id', { token: adminToken })).status).toBe(400);
      const empty = await call('POST', '/invite/referral/apply', { body: { referralCode: '' }, token: snoop.token });
      expect([empty.status, empty.body.message]).toEqual([400, 'Please enter a referral code']);
      expect((await call('POST', '/invite/referral/apply', { body: { referralCode: 'no spaces!' }, token: snoop.token })).status).toBe(400);
    });

    it('never lists a deleted user as anyone\'s invitee, and their code refers nobody', async () => {
      const friend = await registerFriend('Keeping Friend');
      const leaving = await register('Leaving Invitee', friend.referralCode);
      await register('Staying Invitee', friend.referralCode);
      await deposit(leaving, 1500);
      expect((await list(`/invite/${friend.id}`, friend.token)).map((u) => u['name'])).toEqual(['Staying Invitee', 'Leaving Invitee']);

      expect((await call('DELETE', `/auth/users/${leaving.id}`, { token: adminToken })).status).toBe(200);
      expect(await list(`/invite/${friend.id}`, friend.token)).toEqual([{ name: 'Staying Invitee', registeredDate: expect.any(String), totalDeposit: 0 }]);
      expect((await list(`/invite/${friend.id}`, adminToken)).map((u) => u['name'])).toEqual(['Staying Invitee']);

      const viaDeletedCode = await call('POST', '/auth/register', {
        body: { name: 'Late', email: `late-${unique}@example.com`, password: PASSWORD, confirmPassword: PASSWORD, referralCode: leaving.referralCode },
      });
      expect(viaDeletedCode.status).toBe(404);
      const newcomer = await register('Late Newcomer');
      expect((await call('POST', '/invite/referral/apply', { body: { referralCode: leaving.referralCode }, token: newcomer.token })).status).toBe(404);
      // Nor is a deleted user's code handed to someone else.
      const reuse = await call('POST', `/auth/users/details/${newcomer.id}`, { body: { referralCode: leaving.referralCode }, token: adminToken });
      expect([reuse.status, reuse.body.message]).toEqual([409, 'This referral code is already in use']);
    });
  });
};
