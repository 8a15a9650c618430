import { AuthRpc, ErrorCode, MessageHeader, PasswordResetRpc, PaymentsRpc, VISITOR, type AnyCaller, type CallerIssuer } from '@labeldesk/contracts';
import {
  CallerTokens,
  callerKeysFromEnv,
  createClientProxy,
  createRecordFactory,
  generateCallerKeys,
  RpcClient,
  type TransportConfig,
} from '@labeldesk/nest-transport';
import type { DistributedSystem } from '@labeldesk/testing';
import type { ClientProxy } from '@nestjs/microservices';
import { firstValueFrom, timeout } from 'rxjs';

const PASSWORD = 'correct-horse-1';

/**
 * The services themselves, reached over NATS with the gateway's account (which may call payments' API) and with orders'
 * (which may move money): a caller they believe must carry a token from its issuer's key, for this subject and body.
 * The test's clients reach the run's NATS server itself; `running` is the distributed system, started by the file.
 */
export const describeCallerTrust = (running: () => DistributedSystem): void => {
  describe('a forged caller is refused by the service (distributed mode)', () => {
    let system: DistributedSystem;
    let proxy: ClientProxy;
    let config: TransportConfig;
    let ordersProxy: ClientProxy;
    let ordersConfig: TransportConfig;
    let userId = '';
    let adminId = '';

    /** A party's public key as the system's CALLER_TRUST lists it (no secret). */
    const publicKeyOf = (party: CallerIssuer, trust = system.callerKeys.trust) => trust.split(',').find((entry) => entry.startsWith(`${party}=`))?.slice(party.length + 1) ?? '';
    /**
     * An RpcClient signing as `issuer` with `key`: the issuer's real key, or another one whose public key is `publicKey`
     * (what a forger holding it would list for itself), knowing payments' real public key.
     */
    const clientSigning = (issuer: CallerIssuer, key: string, over: 'gateway' | 'orders' = 'gateway', publicKey = publicKeyOf(issuer)) => {
      const tokens = new CallerTokens(callerKeysFromEnv(issuer, { CALLER_KEY: key, CALLER_TRUST: `${issuer}=${publicKey},payments=${publicKeyOf('payments')}` }));
      return over === 'gateway' ? new RpcClient(proxy, createRecordFactory(config), 5_000, tokens) : new RpcClient(ordersProxy, createRecordFactory(ordersConfig), 5_000, tokens);
    };
    const asGateway = () => clientSigning('gateway', system.callerKeys.keys.gateway);
    const balanceOf = async (id: string) => (await asGateway().call(PaymentsRpc.accountSummary, { userId: id }, { caller: { userId: adminId, role: 'admin' } })).balanceCents;
    const adjust = (newBalanceCents: number) => ({ userId, newBalanceCents, reason: 'forged', idempotencyKey: `forged-${Date.now()}-${Math.random()}` });

    const http = async (path: string, body: unknown) => {
      const response = await fetch(`${system.baseUrl}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return (await response.json()) as { user: { _id: string } };
    };

    beforeAll(async () => {
      system = running();
      const configFor = (user: 'gateway' | 'orders'): TransportConfig => {
        const { NATS_USER, NATS_PASSWORD } = system.nats.credentials(user);
        return { kind: 'nats', url: system.nats.url, name: `caller-trust-test-${user}`, user: String(NATS_USER), password: String(NATS_PASSWORD), tls: system.nats.tls(user) };
      };
      config = configFor('gateway');
      proxy = createClientProxy(config);
      await proxy.connect();
      ordersConfig = configFor('orders');
      ordersProxy = createClientProxy(ordersConfig);
      await ordersProxy.connect();
      userId = (await http('/auth/register', { name: 'Target', email: `target-${Date.now()}@example.com`, password: PASSWORD, confirmPassword: PASSWORD })).user._id;
      adminId = (await http('/auth/login', { email: system.adminEmail, password: system.adminPassword })).user._id;
    });

    afterAll(async () => {
      await proxy?.close();
      await ordersProxy?.close();
    });

    it('sets a balance for a genuine admin token, the control the refusals below are measured against', async () => {
      await asGateway().call(PaymentsRpc.adjustBalance, adjust(500), { caller: { userId: adminId, role: 'admin' } });
      expect(await balanceOf(userId)).toBe(500);
    });

    it('takes the old self-declared x-caller header for no one, and moves no money', async () => {
      const record = createRecordFactory(config)(adjust(1_000_000), { [MessageHeader.correlationId]: 'forged-1', 'x-caller': JSON.stringify({ userId: adminId, role: 'admin' }) });
      const reply = firstValueFrom(proxy.send(PaymentsRpc.adjustBalance.subject, record).pipe(timeout(5_000)));
      await expect(reply).rejects.toMatchObject({ code: ErrorCode.UNAUTHENTICATED });
      expect(await balanceOf(userId)).toBe(500);
    });

    it('refuses an admin vouched for with a key it does not trust, or with another service\'s real key posing as the gateway', async () => {
      const admin: AnyCaller = { userId: adminId, role: 'admin' };
      const stranger = generateCallerKeys(['gateway']);
      const posers = [
        { key: stranger.keys.gateway, publicKey: publicKeyOf('gateway', stranger.trust) },
        ...(['orders', 'address', 'auth'] as const).map((party) => ({ key: system.callerKeys.keys[party], publicKey: publicKeyOf(party) })),
      ];
      for (const { key, publicKey } of posers) {
        await expect(clientSigning('gateway', key, 'gateway', publicKey).call(PaymentsRpc.adjustBalance, adjust(1_000_000), { caller: admin })).rejects.toMatchObject({
          code: ErrorCode.UNAUTHENTICATED,
          message: 'The caller could not be verified',
        });
      }
      expect(await balanceOf(userId)).toBe(500);
    });

    it('lets no user, not even an admin, debit or credit, and no service mint a deposit, even over orders\' own account', async () => {
      const orders = clientSigning('orders', system.callerKeys.keys.orders, 'orders');
      const gatewayOverOrders = clientSigning('gateway', system.callerKeys.keys.gateway, 'orders');
      const deposit = { userId, amountCents: 1_000_000, kind: 'deposit' as const, reference: 'forged', idempotencyKey: `deposit:forged-${Date.now()}` };
      await expect(orders.call(PaymentsRpc.credit, deposit, { asService: true })).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
      await expect(gatewayOverOrders.call(PaymentsRpc.credit, { ...deposit, kind: 'refund', idempotencyKey: 'refund:x:1', refundOf: 'label:x:1' }, { caller: { userId: adminId, role: 'admin' } })).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
      await expect(
        gatewayOverOrders.call(PaymentsRpc.debit, { userId, amountCents: 100, kind: 'label_purchase', reference: 'forged', idempotencyKey: `label:forged:${Date.now()}` }, { caller: { userId, role: 'user' } }),
      ).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
      expect(await balanceOf(userId)).toBe(500);
    });

    it('refuses sign-in and a password reset request sent over the gateway\'s account without the gateway vouching for a visitor', async () => {
      const gateway = new RpcClient(proxy, createRecordFactory(config), 5_000, new CallerTokens(callerKeysFromEnv('gateway', { CALLER_KEY: system.callerKeys.keys.gateway, CALLER_TRUST: system.callerKeys.trust })));
      const credentials = { email: system.adminEmail, password: system.adminPassword, clientAddress: '203.0.113.9' };
      const reset = { email: system.adminEmail };
      await expect(gateway.call(AuthRpc.login, credentials)).rejects.toMatchObject({ code: ErrorCode.UNAUTHENTICATED });
      await expect(gateway.call(PasswordResetRpc.request, reset)).rejects.toMatchObject({ code: ErrorCode.UNAUTHENTICATED });
      await expect(gateway.call(PasswordResetRpc.complete, { token: 'T'.repeat(43), password: PASSWORD, confirmPassword: PASSWORD })).rejects.toMatchObject({ code: ErrorCode.UNAUTHENTICATED });
      // The control: the same calls with the gateway's visitor token are served.
      await expect(gateway.call(AuthRpc.login, credentials, { caller: VISITOR })).resolves.toMatchObject({ token: expect.any(String) });
      await expect(gateway.call(PasswordResetRpc.request, reset, { caller: VISITOR })).resolves.toMatchObject({ delivery: 'operator' });
    });
  });
};
