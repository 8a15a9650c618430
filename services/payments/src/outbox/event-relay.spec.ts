import type { RpcClient } from '@labeldesk/nest-transport';
import type { PaymentsEnv } from '../config/env.schema';
import type { DueEvent, EventOutboxRepository } from './event-outbox.repository';
import { EventRelay, relayBackoffSeconds } from './event-relay';

const event: DueEvent = {
  eventId: 'balance.credited:deposit:inv-1',
  userId: '00000000-0000-4000-8000-000000000001',
  type: 'balance.credited',
  data: { amountCents: 2500 },
  occurredAt: new Date('2026-11-26T10:00:00.000Z'),
  tries: 1,
};

const fakes = (answer: () => Promise<unknown>) => {
  const log: string[] = [];
  const calls: Array<{ subject: string; payload: unknown; options: unknown }> = [];
  let due = [event];
  const outbox = {
    claimDue: async () => {
      const taken = due;
      due = [];
      return taken;
    },
    markRelayed: async (id: string) => void log.push(`relayed ${id}`),
    retryAfter: async (id: string, seconds: number) => void log.push(`retry ${id} in ${seconds}s`),
  } as unknown as EventOutboxRepository;
  const rpc = { call: async (contract: { subject: string }, payload: unknown, options: unknown) => (calls.push({ subject: contract.subject, payload, options }), answer()) } as unknown as RpcClient;
  return { relay: new EventRelay(outbox, rpc, { EVENT_RELAY_SECONDS: 60 } as PaymentsEnv), log, calls };
};

describe('EventRelay', () => {
  it('passes an event to orders on its own account and marks it relayed once orders answers', async () => {
    const { relay, log, calls } = fakes(async () => ({ queued: 1 }));
    expect(await relay.relayDue()).toBe(1);
    expect(calls).toEqual([
      {
        subject: 'orders.webhooks.relay-event.v1',
        payload: { eventId: event.eventId, userId: event.userId, type: 'balance.credited', occurredAt: '2026-11-26T10:00:00.000Z', data: { amountCents: 2500 } },
        options: expect.objectContaining({ asService: true }),
      },
    ]);
    expect(log).toEqual([`relayed ${event.eventId}`]);
  });

  it('keeps an event orders did not take for a later try, backing off', async () => {
    const { relay, log } = fakes(async () => Promise.reject(new Error('no responders')));
    expect(await relay.relayDue()).toBe(0);
    expect(log).toEqual([`retry ${event.eventId} in 2s`]);
  });

  it('backs off 2, 4, 8 … seconds, at most 5 minutes, and never gives up', () => {
    expect([1, 2, 3, 4, 8, 9, 50].map(relayBackoffSeconds)).toEqual([2, 4, 8, 16, 256, 300, 300]);
  });
});
