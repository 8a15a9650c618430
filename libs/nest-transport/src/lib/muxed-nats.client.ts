import { ClientNats, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { createInbox, type Msg, type MsgHdrs, type NatsConnection } from 'nats';
import { NO_RESPONDERS } from './in-process-bus';
import { batchWritesPerTurn } from './turn-batched-writes';
import { responseTextOf, RawJson, wantsRawReply, withResponseAsText } from './raw-json';

type Waiter = (error: Error | null, reply: Msg | null) => void;

/** The connection's one reply subscription and the calls waiting on it, by token. */
interface ReplyInbox {
  connection: NatsConnection;
  prefix: string;
  waiting: Map<string, Waiter>;
}

/**
 * Nest's NATS client with every call's reply on one subscription per connection (`_INBOX_<user>.<id>.*`). Nest's own
 * client subscribes to a fresh inbox for every call and unsubscribes after the reply: two more protocol messages per
 * call, each a change to the NATS server's subscription list (which drops its match cache), and one more socket
 * write. nats.js's own muxed `request` would do, but it arms a timer for every call and builds an Error to cancel
 * each one it has resolved; here a call waits exactly as long as its caller does (the RpcClient's time-out ends it,
 * which forgets its token). Replies are Nest's packets, an error or an answer, in one message (Nest's server merges
 * the answer with its end).
 */
export class MuxedClientNats extends ClientNats {
  private inbox: ReplyInbox | null = null;
  private lastToken = 0;

  override async createClient(): Promise<NatsConnection> {
    return batchWritesPerTurn((await super.createClient()) as NatsConnection);
  }

  protected override publish(partialPacket: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    let token: string | null = null;
    let inbox: ReplyInbox | null = null;
    try {
      const packet = this.assignPacketId(partialPacket);
      const serialized = this.serializer.serialize(packet) as { data: Uint8Array; headers?: MsgHdrs };
      const headers = this.mergeHeaders(serialized.headers) as MsgHdrs | undefined;
      inbox = this.replyInbox(this.natsClient as NatsConnection);
      token = (++this.lastToken).toString(36);
      const raw = wantsRawReply(partialPacket.data);
      inbox.waiting.set(token, (error, reply) => {
        if (error) return callback({ err: error });
        void this.answer(packet.id, reply as Msg, callback, raw);
      });
      inbox.connection.publish(this.normalizePattern(partialPacket.pattern), serialized.data, { reply: inbox.prefix + token, ...(headers ? { headers } : {}) });
    } catch (error) {
      if (token) inbox?.waiting.delete(token);
      callback({ err: error });
    }
    return () => {
      if (token) inbox?.waiting.delete(token);
    };
  }

  override async close(): Promise<void> {
    // nats.js ends its subscriptions without a word to them: the calls still waiting fail now, not at their time-out.
    const inbox = this.inbox;
    this.inbox = null;
    if (inbox) failAll(inbox, new Error('The connection to NATS was closed'));
    await super.close();
  }

  /** `raw`: the caller wants the response as its JSON text (`RawJson`), read out of the packet without parsing it. */
  private async answer(id: string, reply: Msg, callback: (packet: WritePacket) => void, raw: boolean): Promise<void> {
    // NATS answers a request nobody subscribes to with an empty 503 status message (no responders).
    if (reply.data.length === 0 && reply.headers?.code === 503) return callback({ err: new Error(`503: ${NO_RESPONDERS}`) });
    // Any other empty message is not an answer (Nest's client said the same, in these words).
    if (reply.data.length === 0) return callback({ err: new Error(`Empty response. There are no subscribers listening to that message (${reply.headers?.code ?? 'no status'})`) });
    const text = raw ? responseTextOf(reply.data, id) : null;
    if (text) return callback({ response: new RawJson(text), isDisposed: true });
    let message: WritePacket & { id?: string };
    try {
      message = (await this.deserializer.deserialize(reply.data)) as WritePacket & { id?: string };
    } catch (error) {
      return callback({ err: error });
    }
    if (message.id && message.id !== id) return callback({ err: new Error(`A reply for another call (${message.id}) came to call ${id}`) });
    const packet = { err: message.err, response: message.response, isDisposed: true };
    callback((raw && withResponseAsText(packet)) || packet);
  }

  private replyInbox(connection: NatsConnection): ReplyInbox {
    if (this.inbox?.connection === connection) return this.inbox;
    const inbox: ReplyInbox = { connection, prefix: `${createInbox(this.options.inboxPrefix)}.`, waiting: new Map() };
    connection.subscribe(`${inbox.prefix}*`, {
      callback: (error, reply) => {
        if (error) {
          // The subscription is gone (a permission refused, the connection closed): its calls fail now, and the
          // next call subscribes again.
          if (this.inbox === inbox) this.inbox = null;
          failAll(inbox, error);
          return;
        }
        const token = reply.subject.slice(inbox.prefix.length);
        const waiter = inbox.waiting.get(token);
        if (!waiter) return; // its caller stopped waiting
        inbox.waiting.delete(token);
        waiter(null, reply);
      },
    });
    this.inbox = inbox;
    return inbox;
  }
}

const failAll = (inbox: ReplyInbox, error: Error): void => {
  const waiters = [...inbox.waiting.values()];
  inbox.waiting.clear();
  for (const waiter of waiters) waiter(error, null);
};
