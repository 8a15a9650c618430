import { ClientProxy, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { processBus, type Headers, type InProcessBus } from './in-process-bus';
import { InProcessRecord } from './in-process-record';
import { wantsRawReply } from './raw-json';

/** The caller's side of the in-process bus, a ClientProxy like ClientNats. */
export class InProcessClient extends ClientProxy {
  constructor(private readonly bus: InProcessBus = processBus) {
    super();
  }

  async connect(): Promise<void> {
    // Nothing to connect to: the bus lives in this process.
  }

  close(): void {
    // Nothing to release.
  }

  unwrap<T>(): T {
    return this.bus as T;
  }

  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    let disposed = false;
    const { data, headers } = unpack(packet.data);
    this.bus.request(
      { subject: this.normalizePattern(packet.pattern), data, headers },
      (reply) => {
        if (!disposed) callback(reply);
      },
      wantsRawReply(packet.data),
    );
    return () => {
      disposed = true;
    };
  }

  protected async dispatchEvent<T>(packet: ReadPacket): Promise<T> {
    const { data, headers } = unpack(packet.data);
    this.bus.publish({ subject: this.normalizePattern(packet.pattern), data, headers });
    return undefined as T;
  }
}

const unpack = (data: unknown): { data: unknown; headers: Headers } =>
  data instanceof InProcessRecord ? { data: data.data, headers: data.headers } : { data, headers: {} };
