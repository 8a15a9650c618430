import { Controller, Module, UseGuards, type CanActivate, type INestMicroservice } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { defineEvent, defineRpc, DomainError, ErrorCode, isServiceCaller, MessageHeader, type AnyCaller, type Caller } from '@labeldesk/contracts';
import { APP_GUARD } from '@nestjs/core';
import { currentCorrelationId, withCorrelationId } from '@labeldesk/nest-config';
import { firstValueFrom, timeout } from 'rxjs';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { DomainErrorFilter } from '../lib/domain-error.filter';
import { CallerTokens, callerKeysFromEnv, CALLER_TOKEN_TTL_MS, generateCallerKeys } from '../lib/caller-token';
import { CallerGuard, CurrentCaller, EventHandler, EventPayload, RpcHandler, RpcPayload, UserOrServiceCaller } from '../lib/rpc-handler.decorator';
import { MessagePattern } from '@nestjs/microservices';
import { RpcClient } from '../lib/rpc-client';
import { createClientProxy, createRecordFactory, createServerStrategy, type TransportConfig } from '../lib/transport.config';

/** The ClientProxy an RpcClient sends through. */
const proxyOf = (client: RpcClient): unknown => (client as unknown as { proxy: unknown }).proxy;

/**
 * One behaviour suite for every transport: a case that passes in-process must pass over NATS and the
 * other way round, or the embedded mode would hide bugs the distributed mode has.
 */
export const describeTransportContract = (name: string, makeConfig: () => TransportConfig): void => {
  describe(`${name} transport contract`, () => {
    // A fresh prefix per run keeps parallel runs on a shared NATS server apart. The handlers play payments: a
    // subject's first segment names the party that serves it, whose key a caller token is made with.
    const prefix = `payments.test${randomUUID().slice(0, 8)}`;
    const Echo = defineRpc(`${prefix}.echo.run.v1`, z.object({ text: z.string().min(1), at: z.string() }), z.object({ text: z.string(), at: z.string(), caller: z.string().nullable() }), { who: 'public' });
    const Fail = defineRpc(`${prefix}.fail.run.v1`, z.object({ kind: z.enum(['domain', 'later', 'crash']) }), z.object({ never: z.string() }), { who: 'public' });
    const Slow = defineRpc(`${prefix}.slow.run.v1`, z.object({}), z.object({ done: z.boolean() }), { who: 'public' });
    const Nobody = defineRpc(`${prefix}.nobody.run.v1`, z.object({}), z.object({}), { who: 'public' });
    const Whoami = defineRpc(`${prefix}.whoami.run.v1`, z.object({}), z.object({ userId: z.string() }), { who: 'signed-in' });
    const Correlated = defineRpc(`${prefix}.correlated.run.v1`, z.object({}), z.object({ id: z.string() }), { who: 'public' });
    const AnyWho = defineRpc(`${prefix}.anywho.run.v1`, z.object({ note: z.string() }), z.object({ who: z.string() }), { who: 'signed-in', services: ['orders'] });
    const Broken = defineRpc(`${prefix}.broken.run.v1`, z.object({}), z.object({ count: z.number().int() }), { who: 'public' });
    const Closed = defineRpc(`${prefix}.closed.run.v1`, z.object({}), z.object({ ok: z.boolean() }), { who: 'public' });
    const Undeclared = defineRpc(`${prefix}.undeclared.run.v1`, z.object({}), z.object({ ok: z.boolean() }), { who: 'public' });
    const Scoped = defineRpc(`${prefix}.scoped.run.v1`, z.object({ userId: z.string() }), z.object({ ok: z.boolean() }), { who: { selfOrAdmin: 'userId' }, scope: 'labels:read' });
    const Happened = defineEvent(`${prefix}.thing.happened.v1`, z.object({ id: z.string() }));
    const received: string[] = [];
    /** The slow handlers' answers, held until the suite ends: a call to one outlives any deadline, however slow the machine. */
    const heldAnswers: Array<() => void> = [];

    class RefuseEveryone implements CanActivate {
      canActivate(): boolean {
        throw new DomainError(ErrorCode.FORBIDDEN, 'Closed to everyone');
      }
    }

    @Controller()
    class TestHandlers {
      @RpcHandler(Echo)
      echo(@RpcPayload(Echo) body: z.output<typeof Echo.request>) {
        return { text: body.text.toUpperCase(), at: body.at, caller: null };
      }

      @RpcHandler(Fail)
      fail(@RpcPayload(Fail) body: z.output<typeof Fail.request>) {
        if (body.kind === 'domain') throw new DomainError(ErrorCode.CONFLICT, 'Already there');
        if (body.kind === 'later') throw new DomainError(ErrorCode.RATE_LIMITED, 'Try again in a minute', undefined, 60);
        throw new Error('database exploded');
      }

      @RpcHandler(Slow)
      async slow() {
        await new Promise<void>((answer) => heldAnswers.push(answer));
        return { done: true };
      }

      @RpcHandler(Whoami)
      whoami(@CurrentCaller() caller: Caller) {
        return { userId: caller.userId };
      }

      @RpcHandler(AnyWho)
      anyWho(@UserOrServiceCaller() caller: AnyCaller) {
        return { who: isServiceCaller(caller) ? `service ${caller.service}` : `user ${caller.userId}` };
      }

      @RpcHandler(Correlated)
      async correlated() {
        // Past a turn of the event loop: the id must survive an asynchronous hop, not only the synchronous start.
        await new Promise((resolve) => setImmediate(resolve));
        return { id: currentCorrelationId() ?? '' };
      }

      @RpcHandler(Broken)
      broken() {
        return { count: 'many' };
      }

      @RpcHandler(Closed)
      // Below @RpcHandler, so applied first: the guard must survive the reply check's wrapping of the method.
      @UseGuards(RefuseEveryone)
      closed() {
        return { ok: true };
      }

      // Served without its contract, so without the access the contract declares: refused, whoever calls (decision 080).
      @MessagePattern(Undeclared.subject)
      undeclared() {
        return { ok: true };
      }

      @RpcHandler(Scoped)
      scoped() {
        return { ok: true };
      }

      @EventHandler(Happened)
      happened(@EventPayload(Happened) payload: z.output<typeof Happened.payload>) {
        received.push(payload.id);
      }
    }

    // The gateway and orders sign; a stranger's key is believed by no one.
    const keys = generateCallerKeys();
    const stranger = generateCallerKeys(['gateway']);
    const tokensOf = (party: 'payments' | 'gateway' | 'orders', key = keys.keys[party], trust = keys.trust) => new CallerTokens(callerKeysFromEnv(party, { CALLER_KEY: key, CALLER_TRUST: trust }));
    const serverTokens = tokensOf('payments');
    const gatewayTokens = tokensOf('gateway');
    const ordersTokens = tokensOf('orders');
    // The stranger knows payments' public key (it is no secret) and claims to be the gateway with a key of its own.
    const paymentsEntry = keys.trust.split(',').find((entry) => entry.startsWith('payments=')) ?? '';
    const strangerTokens = tokensOf('gateway', stranger.keys.gateway, `${stranger.trust},${paymentsEntry}`);

    @Module({ controllers: [TestHandlers], providers: [{ provide: CallerTokens, useValue: serverTokens }, { provide: APP_GUARD, useClass: CallerGuard }] })
    class TestModule {}

    let app: INestMicroservice;
    let client: RpcClient;
    let ordersClient: RpcClient;
    /** Sends a message with exactly the headers given, as a process that skips RpcClient could. */
    let sendRaw: (subject: string, data: unknown, headers: Record<string, string>) => Promise<unknown>;
    let closeClient: () => Promise<void>;

    beforeAll(async () => {
      const config = makeConfig();
      const moduleRef = await Test.createTestingModule({ imports: [TestModule] }).compile();
      app = moduleRef.createNestMicroservice({ strategy: createServerStrategy(config, `${prefix}-queue`), logger: false });
      app.useGlobalFilters(new DomainErrorFilter());
      await app.listen();
      const proxy = createClientProxy(config);
      await proxy.connect();
      // A deadline for a real answer that no slow machine reaches; the time-out cases give their own.
      client = new RpcClient(proxy, createRecordFactory(config), 10_000, gatewayTokens);
      ordersClient = new RpcClient(proxy, createRecordFactory(config), 10_000, ordersTokens);
      const record = createRecordFactory(config);
      sendRaw = (subject, data, headers) => firstValueFrom(proxy.send(subject, record(data, headers)).pipe(timeout(10_000)));
      closeClient = async () => {
        await proxy.close();
      };
    });

    afterAll(async () => {
      for (const answer of heldAnswers) answer();
      await closeClient();
      await app.close();
    });

    it('answers a request with the validated reply', async () => {
      await expect(client.call(Echo, { text: 'hello', at: '2026-11-21T10:00:00.000Z' })).resolves.toEqual({
        text: 'HELLO',
        at: '2026-11-21T10:00:00.000Z',
        caller: null,
      });
    });

    it('hands a caller that passes the answer on the checked reply as the JSON text the service wrote', async () => {
      // Over NATS the text is cut out of the packet as the service wrote it: the packet is never parsed.
      const deserializer = (proxyOf(client) as unknown as { deserializer?: { deserialize(data: unknown): unknown } }).deserializer;
      const parsed = deserializer ? jest.spyOn(deserializer, 'deserialize') : null;
      const text = await client.callForText(Echo, { text: 'zoë "quoted"', at: '2026-11-21T10:00:00.000Z' });
      if (makeConfig().kind === 'nats') expect(parsed).not.toHaveBeenCalled();
      parsed?.mockRestore();
      expect(typeof text).toBe('string');
      expect(JSON.parse(text)).toEqual({ text: 'ZOË "QUOTED"', at: '2026-11-21T10:00:00.000Z', caller: null });
    });

    it('fails a text call the way it fails any call: refused, broken or not answered', async () => {
      await expect(client.callForText(Echo, { text: '', at: 'x' })).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
      await expect(client.callForText(Fail, { kind: 'domain' })).rejects.toEqual(new DomainError(ErrorCode.CONFLICT, 'Already there'));
      await expect(client.callForText(Broken, {})).rejects.toMatchObject({ code: ErrorCode.INTERNAL, message: expect.stringContaining(`Reply breaks ${Broken.subject}`) });
      await expect(client.callForText(Slow, {}, { timeoutMs: 100 })).rejects.toMatchObject({ code: ErrorCode.TIMEOUT });
    });

    it('refuses an invalid request before sending it', async () => {
      await expect(client.call(Echo, { text: '', at: 'x' })).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
    });

    it('carries a domain error code from the service to the caller', async () => {
      await expect(client.call(Fail, { kind: 'domain' })).rejects.toEqual(new DomainError(ErrorCode.CONFLICT, 'Already there'));
    });

    it("carries when asking again can succeed with the refusal that says so", async () => {
      await expect(client.call(Fail, { kind: 'later' })).rejects.toMatchObject({ code: ErrorCode.RATE_LIMITED, retryAfterSeconds: 60 });
    });

    it('hides an unexpected crash behind an INTERNAL error', async () => {
      const error: unknown = await client.call(Fail, { kind: 'crash' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ code: ErrorCode.INTERNAL, message: 'Internal error' });
    });

    it('answers INTERNAL, naming the subject, when a handler replies against its own contract', async () => {
      await expect(client.call(Broken, {})).rejects.toMatchObject({ code: ErrorCode.INTERNAL, message: expect.stringContaining(`Reply breaks ${Broken.subject}`) });
    });

    it('keeps the guards a handler declares along with the reply check', async () => {
      await expect(client.call(Closed, {})).rejects.toEqual(new DomainError(ErrorCode.FORBIDDEN, 'Closed to everyone'));
    });

    it('times out a call that takes longer than its deadline', async () => {
      await expect(client.call(Slow, {}, { timeoutMs: 100 })).rejects.toMatchObject({ code: ErrorCode.TIMEOUT });
    });

    // "At once" is told by the answer, not a stopwatch: waiting out the 20 s deadline would end in TIMEOUT.
    it('fails at once when nobody serves the subject', async () => {
      await expect(client.call(Nobody, {}, { timeoutMs: 20_000 })).rejects.toMatchObject({ code: ErrorCode.SERVICE_UNAVAILABLE });
    });

    it('passes the caller in headers, not in the payload', async () => {
      await expect(client.call(Whoami, {}, { caller: { userId: 'u-1', role: 'user' } })).resolves.toEqual({ userId: 'u-1' });
      await expect(client.call(Whoami, {})).rejects.toMatchObject({ code: ErrorCode.UNAUTHENTICATED });
    });

    it('lets a service call as itself, and never as a user', async () => {
      await expect(ordersClient.call(AnyWho, { note: 'x' }, { asService: true })).resolves.toEqual({ who: 'service orders' });
      await expect(client.call(AnyWho, { note: 'x' }, { caller: { userId: 'u-2', role: 'admin' } })).resolves.toEqual({ who: 'user u-2' });
      // A handler for users refuses a service identity; a service cannot sign a user at all.
      await expect(ordersClient.call(Whoami, {}, { asService: true })).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
      await expect(ordersClient.call(Whoami, {}, { caller: { userId: 'u-1', role: 'admin' } })).rejects.toMatchObject({ code: ErrorCode.INTERNAL });
    });

    it('refuses a request handler served without its contract, so without the access the contract declares, even to an admin', async () => {
      await expect(client.call(Undeclared, {}, { caller: { userId: 'u-1', role: 'admin' } })).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
    });

    it("enforces a handler's declared policy: its owner, and for an API key the declared scope", async () => {
      const key = (scopes: string[]): Caller => ({ userId: 'u-1', role: 'user', authMethod: 'api_key', scopes });
      await expect(client.call(Scoped, { userId: 'u-1' }, { caller: { userId: 'u-1', role: 'user' } })).resolves.toEqual({ ok: true });
      await expect(client.call(Scoped, { userId: 'u-1' }, { caller: key(['labels:read']) })).resolves.toEqual({ ok: true });
      await expect(client.call(Scoped, { userId: 'u-1' }, { caller: key(['balance:read']) })).rejects.toMatchObject({ code: ErrorCode.AUTH_SCOPE_MISSING, message: expect.stringContaining('labels:read') });
      await expect(client.call(Scoped, { userId: 'u-2' }, { caller: key(['labels:read']) })).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
      await expect(ordersClient.call(Scoped, { userId: 'u-1' }, { asService: true })).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
    });

    describe('refuses a forged caller', () => {
      const admin: Caller = { userId: 'u-admin', role: 'admin' };
      const refused = { code: ErrorCode.UNAUTHENTICATED, message: 'The caller could not be verified' };

      it('accepts the genuine token the forgeries below are made from', async () => {
        const token = gatewayTokens.sign(admin, AnyWho.subject, { note: 'pay me' });
        await expect(sendRaw(AnyWho.subject, { note: 'pay me' }, { [MessageHeader.callerToken]: token })).resolves.toEqual({ who: 'user u-admin' });
      });

      it('takes a bare claim of the old x-caller header for no one', async () => {
        await expect(sendRaw(AnyWho.subject, { note: 'x' }, { 'x-caller': JSON.stringify(admin) })).rejects.toMatchObject({ code: ErrorCode.UNAUTHENTICATED });
      });

      it('refuses a token signed with a key it does not trust', async () => {
        const token = strangerTokens.sign(admin, AnyWho.subject, { note: 'x' });
        await expect(sendRaw(AnyWho.subject, { note: 'x' }, { [MessageHeader.callerToken]: token })).rejects.toMatchObject(refused);
      });

      it('refuses a user vouched for by a service, and a service claiming to be another', async () => {
        const claims = (sub: object, iss: string) => Buffer.from(JSON.stringify({ iss, sub, aud: AnyWho.subject, exp: Date.now() + 30_000, dig: 'x' })).toString('base64url');
        const real = ordersTokens.sign({ service: 'orders' }, AnyWho.subject, { note: 'x' });
        const [, , signature] = real.split('.');
        for (const forged of [`v2.${claims(admin, 'orders')}.${signature ?? ''}`, `v2.${claims({ service: 'pricing' }, 'orders')}.${signature ?? ''}`]) {
          await expect(sendRaw(AnyWho.subject, { note: 'x' }, { [MessageHeader.callerToken]: forged })).rejects.toMatchObject(refused);
        }
      });

      it('refuses a genuine token moved to another subject or another body', async () => {
        const token = gatewayTokens.sign(admin, Whoami.subject, {});
        await expect(sendRaw(AnyWho.subject, {}, { [MessageHeader.callerToken]: token })).rejects.toMatchObject(refused);
        const forBody = gatewayTokens.sign(admin, AnyWho.subject, { note: 'one dollar' });
        await expect(sendRaw(AnyWho.subject, { note: 'a million dollars' }, { [MessageHeader.callerToken]: forBody })).rejects.toMatchObject(refused);
      });

      it('refuses an expired token and one with its claims edited', async () => {
        const old = gatewayTokens.sign(admin, AnyWho.subject, { note: 'x' }, Date.now() - CALLER_TOKEN_TTL_MS - 1_000);
        await expect(sendRaw(AnyWho.subject, { note: 'x' }, { [MessageHeader.callerToken]: old })).rejects.toMatchObject(refused);
        const user = gatewayTokens.sign({ userId: 'u-1', role: 'user' }, AnyWho.subject, { note: 'x' });
        const [version, body, signature] = user.split('.');
        const promoted = Buffer.from(Buffer.from(body ?? '', 'base64url').toString().replace('"role":"user"', '"role":"admin"')).toString('base64url');
        await expect(sendRaw(AnyWho.subject, { note: 'x' }, { [MessageHeader.callerToken]: `${version ?? ''}.${promoted}.${signature ?? ''}` })).rejects.toMatchObject(refused);
      });
    });

    it("runs the handler inside the request's correlation id, given or inherited from the caller's own", async () => {
      await expect(client.call(Correlated, {}, { correlationId: 'corr-given-1234' })).resolves.toEqual({ id: 'corr-given-1234' });
      await expect(withCorrelationId('corr-outer-5678', () => client.call(Correlated, {}))).resolves.toEqual({ id: 'corr-outer-5678' });
    });

    it('delivers an event to its handler', async () => {
      const id = randomUUID();
      await client.emit(Happened, { id });
      // Delivered when the handler has it: waited for (the test's time limit ends a wait for an event that never comes).
      while (!received.includes(id)) await new Promise((r) => setTimeout(r, 20));
      expect(received.filter((one) => one === id)).toEqual([id]);
    });
  });
};
