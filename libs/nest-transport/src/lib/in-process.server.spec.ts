import type { MessageHandler } from '@nestjs/microservices';
import { InProcessBus, NO_RESPONDERS } from './in-process-bus';
import { InProcessServer } from './in-process.server';

const handler = (answer: string, isEvent = false): MessageHandler => {
  const fn = (async () => answer) as unknown as MessageHandler;
  return Object.assign(fn, { isEventHandler: isEvent });
};

const ask = (bus: InProcessBus, subject: string) =>
  new Promise<unknown>((resolve) => bus.request({ subject, data: {}, headers: {} }, (packet) => packet.isDisposed && resolve(packet.err ?? packet.response)));

describe('InProcessServer routes', () => {
  it('resolves a subject to its handler once, not on every message', async () => {
    const bus = new InProcessBus();
    const server = new InProcessServer(bus);
    server.addHandler('svc.thing.get.v1', handler('thing'));
    server.listen(() => undefined);
    // Nest's per-message lookup (protected): what the cache saves.
    const resolve = jest.spyOn(server as unknown as { getRouteFromPattern(pattern: string): string }, 'getRouteFromPattern');
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await ask(bus, 'svc.thing.get.v1'));
    expect(answers).toEqual(['thing', 'thing', 'thing', 'thing', 'thing']);
    expect(resolve).toHaveBeenCalledTimes(1);
    server.close();
  });

  it('forgets what it resolved when a handler is added, so a subject it had no handler for is served', async () => {
    const bus = new InProcessBus();
    const server = new InProcessServer(bus);
    server.listen(() => undefined);
    expect(await ask(bus, 'svc.late.get.v1')).toBe(NO_RESPONDERS);
    server.addHandler('svc.late.get.v1', handler('late'));
    expect(await ask(bus, 'svc.late.get.v1')).toBe('late');
    server.close();
    expect(await ask(bus, 'svc.late.get.v1')).toBe(NO_RESPONDERS);
  });

  it('still tells requests from events apart', () => {
    const server = new InProcessServer(new InProcessBus());
    server.addHandler('svc.thing.changed.v1', handler('', true), true);
    expect([server.handlesRequest('svc.thing.changed.v1'), server.handlesEvent('svc.thing.changed.v1')]).toEqual([false, true]);
    expect([server.handlesRequest('svc.none.v1'), server.handlesEvent('svc.none.v1')]).toEqual([false, false]);
  });
});
