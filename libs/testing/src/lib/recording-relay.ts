import { createServer, connect, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP relay that keeps every byte it passes, both ways: what a passive listener on the network between the
 * processes and a server would see. Tests point clients at `port` and search `captured()` for secrets.
 */
export interface RecordingRelay {
  /** The relay's port on 127.0.0.1. */
  port: number;
  /** Every byte relayed so far, both directions, in arrival order. */
  captured(): Buffer;
  close(): Promise<void>;
}

export const startRecordingRelay = async (target: { host: string; port: number }): Promise<RecordingRelay> => {
  const chunks: Buffer[] = [];
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A side that goes away ends its pair through 'close'; the error itself tells the test nothing.
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    track(client);
    track(upstream);
    const relay = (from: Socket, to: Socket) => {
      from.on('data', (chunk: Buffer) => {
        chunks.push(Buffer.from(chunk));
        to.write(chunk);
      });
      from.once('close', () => to.destroy());
    };
    relay(client, upstream);
    relay(upstream, client);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    port: (server.address() as AddressInfo).port,
    captured: () => Buffer.concat(chunks),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((closed) => server.close(() => closed()));
    },
  };
};
