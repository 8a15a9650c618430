import { ErrorCode, type WebhookReplay } from '@labeldesk/contracts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReplayEventsUseCase } from './replay-events.usecase';
import type { EndpointRow } from './webhook-endpoints.repository';
import type { ReplayScope } from './webhook-replays.repository';

const OWNER = '11111111-1111-4111-8111-111111111111';
const HOOK = '22222222-2222-4222-8222-222222222222';

/** The use case over fakes: an event store of one type (or none), endpoints by id, and what was queued and nudged. */
const rig = ({ eventType = 'label.purchased' as string | null, endpoint = { enabled: true } as Partial<EndpointRow> | null, queued = { events: 1, endpointIds: [HOOK] } as WebhookReplay } = {}) => {
  const seen = { queued: [] as ReplayScope[], nudges: 0, keys: [] as string[], modes: [] as Array<string | null> };
  const replays = {
    once: async (_userId: string, key: string, _request: string, replay: (em: EntityManager) => Promise<WebhookReplay>) => (seen.keys.push(key), replay({} as EntityManager)),
    eventType: async (_em: EntityManager, _userId: string, _eventId: string, _days: number, mode?: string) => (seen.modes.push(mode ?? null), eventType),
    queue: async (_em: EntityManager, _userId: string, scope: ReplayScope) => (seen.queued.push(scope), queued),
  };
  const endpoints = { findOwned: async (_userId: string, id: string) => (endpoint && id === HOOK ? ({ id, ...endpoint } as EndpointRow) : null) };
  const deliverer = { nudge: () => void (seen.nudges += 1) };
  const useCase = new ReplayEventsUseCase(replays as never, endpoints as never, deliverer as never, { WEBHOOK_RETENTION_DAYS: 30 });
  return { useCase, seen };
};

const codeOf = (promise: Promise<unknown>) => promise.then(() => 'answered', (error: { code?: string }) => error.code ?? String(error));

describe('replaying webhook events', () => {
  it('queues one event for the endpoints subscribed to it under the key asked, and sends at once', async () => {
    const { useCase, seen } = rig();
    expect(await useCase.replayEvent(OWNER, { eventId: 'label.purchased:single:o1', idempotencyKey: 'key-00001' })).toEqual({ events: 1, endpointIds: [HOOK] });
    expect([seen.queued, seen.keys, seen.nudges]).toEqual([[{ eventId: 'label.purchased:single:o1' }], ['key-00001'], 1]);
  });

  it("answers one not found for an event or an endpoint that is not the caller's, queueing nothing", async () => {
    const missingEvent = rig({ eventType: null });
    expect(await codeOf(missingEvent.useCase.replayEvent(OWNER, { eventId: 'x', idempotencyKey: 'key-00002' }))).toBe(ErrorCode.NOT_FOUND);
    const notTheirs = rig();
    expect(await codeOf(notTheirs.useCase.replayEvent(OWNER, { eventId: 'x', endpointId: '33333333-3333-4333-8333-333333333333', idempotencyKey: 'key-00003' }))).toBe(ErrorCode.NOT_FOUND);
    expect(await codeOf(notTheirs.useCase.replaySince(OWNER, { id: '33333333-3333-4333-8333-333333333333', since: '2026-11-01T00:00:00Z', idempotencyKey: 'key-00004' }))).toBe(ErrorCode.NOT_FOUND);
    expect([missingEvent.seen.queued, notTheirs.seen.queued, notTheirs.seen.keys]).toEqual([[], [], []]);
  });

  it('refuses a disabled endpoint, and one event no enabled endpoint would get, with 409', async () => {
    const off = rig({ endpoint: { enabled: false } });
    expect(await codeOf(off.useCase.replaySince(OWNER, { id: HOOK, since: '2026-11-01T00:00:00Z', idempotencyKey: 'key-00005' }))).toBe(ErrorCode.CONFLICT);
    expect(await codeOf(off.useCase.replayEvent(OWNER, { eventId: 'x', endpointId: HOOK, idempotencyKey: 'key-00006' }))).toBe(ErrorCode.CONFLICT);
    const nobody = rig({ queued: { events: 0, endpointIds: [] } });
    expect(await codeOf(nobody.useCase.replayEvent(OWNER, { eventId: 'x', idempotencyKey: 'key-00007' }))).toBe(ErrorCode.CONFLICT);
    expect(nobody.seen.nudges).toBe(0);
  });

  it("replays an endpoint's events since a time to it alone, even when there were none", async () => {
    const { useCase, seen } = rig({ queued: { events: 0, endpointIds: [] } });
    expect(await useCase.replaySince(OWNER, { id: HOOK, since: '2026-11-01T00:00:00Z', idempotencyKey: 'key-00008' })).toEqual({ events: 0, endpointIds: [] });
    expect(seen.queued).toEqual([{ since: '2026-11-01T00:00:00Z', endpointId: HOOK }]);
  });

  it("replays a key's own mode's events only, keeping a test key's Idempotency-Key apart from a live key's (decision 124)", async () => {
    const { useCase, seen } = rig();
    await useCase.replayEvent(OWNER, { eventId: 'label.purchased:single:o1', idempotencyKey: 'key-00009' }, 'test');
    await useCase.replayEvent(OWNER, { eventId: 'label.purchased:single:o1', idempotencyKey: 'key-00009' }, 'live');
    await useCase.replaySince(OWNER, { id: HOOK, since: '2026-11-01T00:00:00Z', idempotencyKey: 'key-00010' }, 'test');
    await useCase.replayEvent(OWNER, { eventId: 'label.purchased:single:o1', idempotencyKey: 'key-00011' });
    expect(seen.keys).toEqual(['test:key-00009', 'key-00009', 'test:key-00010', 'key-00011']);
    expect(seen.modes).toEqual(['test', 'live', null]);
    expect(seen.queued).toEqual([
      { eventId: 'label.purchased:single:o1', mode: 'test' },
      { eventId: 'label.purchased:single:o1', mode: 'live' },
      { since: '2026-11-01T00:00:00Z', endpointId: HOOK, mode: 'test' },
      { eventId: 'label.purchased:single:o1' },
    ]);
  });
});
