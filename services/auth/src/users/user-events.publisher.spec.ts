import { Logger } from '@nestjs/common';
import { AuthEvents } from '@labeldesk/contracts';
import type { RpcClient } from '@labeldesk/nest-transport';
import { UserEventsPublisher } from './user-events.publisher';

const ID = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';

describe('UserEventsPublisher', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('tells the gateways that sessions ended, with the reason, and that a user changed', async () => {
    const rpc = { emit: jest.fn().mockResolvedValue(undefined) };
    const events = new UserEventsPublisher(rpc as unknown as RpcClient);
    await events.sessionsEnded(ID, 'blocked');
    await events.changed(ID);
    expect(rpc.emit.mock.calls).toEqual([
      [AuthEvents.sessionsEnded, { userId: ID, reason: 'blocked' }],
      [AuthEvents.userChanged, { userId: ID }],
    ]);
  });

  it('never fails the change it reports when the event cannot be sent', async () => {
    const rpc = { emit: jest.fn().mockRejectedValue(new Error('NATS is down')) };
    const events = new UserEventsPublisher(rpc as unknown as RpcClient);
    await expect(events.changed(ID)).resolves.toBeUndefined();
    await expect(events.sessionsEnded(ID, 'deleted')).resolves.toBeUndefined();
  });
});
