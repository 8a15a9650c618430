import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An HTTP server on a free port of 127.0.0.1, for a fake of an outside API. */
export const listenLocally = async (handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: Server; port: number }> => {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
};

/** Closes the server now, open keep-alive connections too (a test's clients keep theirs). */
export const closeNow = async (server: Server | null): Promise<void> => {
  if (!server) return;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
};
