const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

export type WireMessage =
  | { kind: 'startup'; bytes: Buffer }
  | { kind: 'negotiate'; bytes: Buffer }
  | { kind: 'cancel'; bytes: Buffer }
  | { kind: 'regular'; type: string; bytes: Buffer };

/**
 * Splits a connection's byte stream into whole PostgreSQL protocol messages. Before startup, messages have
 * no type byte; after it, each is a type byte and an Int32 length that counts itself.
 */
export class WireReader {
  private buffer = Buffer.alloc(0);
  private started = false;

  push(chunk: Buffer): WireMessage[] {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    const messages: WireMessage[] = [];
    for (;;) {
      const message = this.started ? this.readRegular() : this.readInitial();
      if (!message) return messages;
      messages.push(message);
    }
  }

  private readInitial(): WireMessage | null {
    if (this.buffer.length < 8) return null;
    const length = this.buffer.readInt32BE(0);
    if (this.buffer.length < length) return null;
    const code = this.buffer.readInt32BE(4);
    const bytes = this.take(length);
    if (code === SSL_REQUEST || code === GSS_REQUEST) return { kind: 'negotiate', bytes };
    if (code === CANCEL_REQUEST) return { kind: 'cancel', bytes };
    this.started = true;
    return { kind: 'startup', bytes };
  }

  private readRegular(): WireMessage | null {
    if (this.buffer.length < 5) return null;
    const length = 1 + this.buffer.readInt32BE(1);
    if (this.buffer.length < length) return null;
    const type = String.fromCharCode(this.buffer[0] ?? 0);
    return { kind: 'regular', type, bytes: this.take(length) };
  }

  private take(length: number): Buffer {
    const bytes = this.buffer.subarray(0, length);
    this.buffer = this.buffer.subarray(length);
    return Buffer.from(bytes);
  }
}

/** After these, the client waits for ReadyForQuery: the exchange is complete. */
export const ENDS_EXCHANGE = new Set(['S', 'Q']);
export const TERMINATE = 'X';
