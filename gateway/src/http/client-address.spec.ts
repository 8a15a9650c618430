import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DomainError, ErrorCode, TwoFactorRpc, type AnyRpcContract } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { AddressInfo } from 'node:net';
import { GatewayModule } from '../app.module';
import { useJsonBodies } from './json-body.middleware';
import { PrototypedExpressAdapter } from './prototyped-express.adapter';
import { inProcessGatewayEnv } from '../testing/in-process-env';

/**
 * The gateway as start-gateway builds its HTTP side, with auth replaced by a recorder: which address the sign-in
 * throttle is told, and when the per-address rate limit (AUTH_RATE_LIMIT_PER_MINUTE=2) answers 429. The test client
 * connects from 127.0.0.1.
 */
const gatewayTrusting = async (trustProxy: string) => {
  const env = inProcessGatewayEnv({ TRUST_PROXY: trustProxy, AUTH_RATE_LIMIT_PER_MINUTE: '2' });
  const addresses: string[] = [];
  const rpc = {
    call: async (contract: AnyRpcContract, request: { clientAddress?: string }) => {
      if (contract.subject === TwoFactorRpc.login.subject) addresses.push(request.clientAddress ?? '');
      throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Login failed');
    },
  };
  const moduleRef = await Test.createTestingModule({ imports: [GatewayModule.forEnv(env)] }).overrideProvider(RpcClient).useValue(rpc).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>(new PrototypedExpressAdapter(), { bodyParser: false, logger: false });
  app.set('trust proxy', env.TRUST_PROXY);
  app.setGlobalPrefix('api');
  useJsonBodies(app);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const login = async (forwardedFor: string) =>
    (await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ email: 'ann@example.com', password: 'a-guess' }),
    })).status;
  return { app, login, addresses };
};

describe('the client address behind TRUST_PROXY', () => {
  let app: INestApplication | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('ignores X-Forwarded-For from a client outside the trusted proxies: the rate limit and sign-in throttling see its own address', async () => {
    const gateway = await gatewayTrusting('10.0.0.0/8, 192.168.1.7');
    app = gateway.app;
    expect([await gateway.login('203.0.113.1'), await gateway.login('203.0.113.2'), await gateway.login('203.0.113.3')]).toEqual([401, 401, 429]);
    expect(gateway.addresses).toEqual(['127.0.0.1', '127.0.0.1']);
  });

  it('honours X-Forwarded-For from a trusted proxy: each forwarded client has its own limit and is named to auth', async () => {
    const gateway = await gatewayTrusting('10.0.0.0/8, 127.0.0.0/8');
    app = gateway.app;
    expect([await gateway.login('203.0.113.1'), await gateway.login('203.0.113.2'), await gateway.login('203.0.113.3')]).toEqual([401, 401, 401]);
    expect(gateway.addresses).toEqual(['203.0.113.1', '203.0.113.2', '203.0.113.3']);
  });

  it('counts an IPv6 client by its /64, as sign-in does: a third address of one /64 is refused, another /64 is not', async () => {
    const gateway = await gatewayTrusting('127.0.0.0/8');
    app = gateway.app;
    const sameSubnet = ['2001:db8:0:1::1', '2001:db8:0:1:ffff:0:0:9', '2001:0db8:0000:0001::abcd'];
    const answers = [];
    for (const address of sameSubnet) answers.push(await gateway.login(address));
    expect([...answers, await gateway.login('2001:db8:0:2::1')]).toEqual([401, 401, 429, 401]);
  });

  it('believes a forged X-Forwarded-For with a hop count, which is why a hop count needs a gateway only the proxy can reach', async () => {
    const gateway = await gatewayTrusting('1');
    app = gateway.app;
    expect(await gateway.login('203.0.113.9')).toBe(401);
    expect(gateway.addresses).toEqual(['203.0.113.9']);
  });
});
