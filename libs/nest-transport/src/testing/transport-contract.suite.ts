import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { defineEvent, defineRpc, DomainError, ErrorCode, type Caller } from '@labeldesk/contracts';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { DomainErrorFilter } from '../lib/domain-error.filter';
import { CurrentCaller, EventHandler, EventPayload, RpcHandler, RpcPayload } from '../lib/rpc-handler.decorator';
import { RpcClient } from '../lib/rpc-client';
import { createClientProxy, createRecordFactory, createServerStrategy, type TransportConfig } from '../lib/transport.config';

/**
 * One behaviour suite for every transport: a case that passes in-process must pass over NATS and the
 * other way round, or the embedded mode would hide bugs the distributed mode has.
 */
export const describeTransportContract = (name: string, makeConfig: () => TransportConfig): void => {
  describe(`${name} transport contract`, () => {
    // A fresh prefix per run keeps parallel runs on a shared NATS server apart.
    const prefix = `test${randomUUID().slice(0, 8)}`;
    const Echo = defineRpc(`${prefix}.echo.run.v1`, z.object({ text: z.string().min(1), at: z.string() }), z.object({ text: z.string(), at: z.string(), caller: z.string().nullable() }));
    const Fail = defineRpc(`${prefix}.fail.run.v1`, z.object({ kind: z.enum(['domain', 'crash']) }), z.object({ never: z.string() }));
    const Slow = defineRpc(`${prefix}.slow.run.v1`, z.object({ ms: z.number() }), z.object({ done: z.boolean() }));
    const Nobody = defineRpc(`${prefix}.nobody.run.v1`, z.object({}), z.object({}));
    const Whoami = defineRpc(`${prefix}.whoami.run.v1`, z.object({}), z.object({ userId: z.string() }));
    const Happened = defineEvent(`${prefix}.thing.happened.v1`, z.object({ id: z.string() }));
    const received: string[] = [];

    @Controller()
    class TestHandlers {
      @RpcHandler(Echo)
      echo(@RpcPayload(Echo) body: z.output<typeof Echo.request>) {
        return { text: body.text.toUpperCase(), at: body.at, caller: null };
      }

      @RpcHandler(Fail)
      fail(@RpcPayload(Fail) body: z.output<typeof Fail.request>) {
        if (body.kind === 'domain') throw new DomainError(ErrorCode.CONFLICT, 'Already there');
        throw new Error('database exploded');
      }

      @RpcHandler(Slow)
      async slow(@RpcPayload(Slow) body: z.output<typeof Slow.request>) {
        await new Promise((resolve) => setTimeout(resolve, body.ms));
        return { done: true };
      }

      @RpcHandler(Whoami)
      whoami(@CurrentCaller() caller: Caller) {
        return { userId: caller.userId };
      }

      @EventHandler(Happened)
      happened(@EventPayload(Happened) payload: z.output<typeof Happened.payload>) {
        received.push(payload.id);
      }
    }

    @Module({ controllers: [TestHandlers] })
    class TestModule {}

    let app: INestMicroservice;
    let client: RpcClient;
    let closeClient: () => Promise<void>;

    beforeAll(async () => {
      const config = makeConfig();
      const moduleRef = await Test.createTestingModule({ imports: [TestModule] }).compile();
      app = moduleRef.createNestMicroservice({ strategy: createServerStrategy(config, `${prefix}-queue`), logger: false });
      app.useGlobalFilters(new DomainErrorFilter());
      await app.listen();
      const proxy = createClientProxy(config);
      await proxy.connect();
      client = new RpcClient(proxy, createRecordFactory(config), 300);
      closeClient = async () => {
        await proxy.close();
      };
    });

    afterAll(async () => {
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

    it('refuses an invalid request before sending it', async () => {
      await expect(client.call(Echo, { text: '', at: 'x' })).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
    });

    it('carries a domain error code from the service to the caller', async () => {
      await expect(client.call(Fail, { kind: 'domain' })).rejects.toEqual(new DomainError(ErrorCode.CONFLICT, 'Already there'));
    });

    it('hides an unexpected crash behind an INTERNAL error', async () => {
      const error: unknown = await client.call(Fail, { kind: 'crash' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ code: ErrorCode.INTERNAL, message: 'Internal error' });
    });

    it('times out a call that takes longer than its deadline', async () => {
      await expect(client.call(Slow, { ms: 1_000 }, { timeoutMs: 100 })).rejects.toMatchObject({ code: ErrorCode.TIMEOUT });
    });

    it('fails at once when nobody serves the subject', async () => {
      const started = Date.now();
      await expect(client.call(Nobody, {}, { timeoutMs: 5_000 })).rejects.toMatchObject({ code: ErrorCode.SERVICE_UNAVAILABLE });
      expect(Date.now() - started).toBeLessThan(2_000);
    });

    it('passes the caller in headers, not in the payload', async () => {
      await expect(client.call(Whoami, {}, { caller: { userId: 'u-1', role: 'user' } })).resolves.toEqual({ userId: 'u-1' });
      await expect(client.call(Whoami, {})).rejects.toMatchObject({ code: ErrorCode.UNAUTHENTICATED });
    });

    it('delivers an event to its handler', async () => {
      const id = randomUUID();
      await client.emit(Happened, { id });
      for (let i = 0; i < 50 && !received.includes(id); i++) await new Promise((r) => setTimeout(r, 20));
      expect(received).toContain(id);
    });
  });
};
