import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ScriptedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A status and body to send, or a way not to answer: `hang` (no answer until closed), `reset` (drop the connection). */
export type ScriptedReply = { status: number; body?: unknown; headers?: Record<string, string> } | 'hang' | 'reset';

export interface ScriptedHttp {
  url: string;
  readonly requests: ScriptedRequest[];
  close(): Promise<void>;
}

/**
 * An HTTP server that answers what the test scripts, request by request: for the protocol edge cases a faithful fake
 * would never produce on its own (an unreadable success, a stored payload, a buy that never answers).
 */
export const startScriptedHttp = async (reply: (request: ScriptedRequest) => ScriptedReply | Promise<ScriptedReply>): Promise<ScriptedHttp> => {
  const requests: ScriptedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(request);
      void Promise.resolve(reply(request)).then((answer) => {
        if (answer === 'hang') return;
        if (answer === 'reset') return void req.socket.destroy();
        const text = typeof answer.body === 'string' ? answer.body : answer.body === undefined ? '' : JSON.stringify(answer.body);
        res.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers });
        res.end(text);
      });
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((closed) => {
        server.close(() => closed());
        for (const socket of sockets) socket.destroy();
      }),
  };
};
