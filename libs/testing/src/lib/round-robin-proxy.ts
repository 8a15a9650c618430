import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

/** A small load balancer in front of gateway replicas, as a Kubernetes Service (or an ingress) would be. */
export interface RoundRobinProxy {
  url: string;
  /** Puts a gateway replica (its port on 127.0.0.1) in the rotation; resolves once its readiness has answered 200. */
  add(port: number): Promise<void>;
  /** Takes a replica out of the rotation for good. */
  remove(port: number): void;
  /** Requests forwarded per upstream port, and connection attempts retried elsewhere because a replica refused them. */
  stats(): { forwarded: Record<number, number>; retried: number };
  close(): Promise<void>;
}

interface Upstream {
  port: number;
  ready: boolean;
  removed: boolean;
  forwarded: number;
  /** Readiness probes failed in a row; a probe still out is not asked again until it answers. */
  failures: number;
  probing: boolean;
  /** Called once, at its first ready answer (what `add` waits for). */
  onFirstReady?: () => void;
}

const READINESS_PATH = '/api/health/ready';
const READINESS_EVERY_MS = 100;
const READINESS_TIMEOUT_MS = 1_000;
/** As deploy/k8s/gateway.yaml's readinessProbe: one slow answer from a busy replica does not take it out. */
const READINESS_FAILURE_THRESHOLD = 2;

/**
 * Per request round robin over the replicas whose readiness answers 200, re-checked every 100 ms. A replica leaves
 * the rotation when it is removed (as Kubernetes takes a terminating pod out of a Service's endpoints while the pod
 * gets its SIGTERM) or after two readiness failures in a row. A request whose connection is refused (nothing was sent) is
 * retried on the next replica, as nginx's `proxy_next_upstream error` does; anything else reaches the client as is.
 * WebSocket upgrades are piped to one replica for their whole life.
 */
export const startRoundRobinProxy = async (): Promise<RoundRobinProxy> => {
  const upstreams: Upstream[] = [];
  let next = 0;
  let retried = 0;
  const tunnels = new Set<Socket>();

  const pick = (exclude: ReadonlySet<number>): Upstream | undefined => {
    const candidates = upstreams.filter((u) => u.ready && !u.removed && !exclude.has(u.port));
    if (candidates.length === 0) return undefined;
    next = (next + 1) % candidates.length;
    return candidates[next];
  };

  const checkReadiness = (upstream: Upstream) => {
    if (upstream.probing) return;
    upstream.probing = true;
    const answered = (ok: boolean) => {
      upstream.probing = false;
      upstream.failures = ok ? 0 : upstream.failures + 1;
      if (ok) {
        upstream.ready = true;
        upstream.onFirstReady?.();
        upstream.onFirstReady = undefined;
      } else if (upstream.failures >= READINESS_FAILURE_THRESHOLD) upstream.ready = false;
    };
    const probe = request({ host: '127.0.0.1', port: upstream.port, path: READINESS_PATH, agent: false, timeout: READINESS_TIMEOUT_MS }, (res) => {
      res.resume();
      answered(res.statusCode === 200);
    });
    probe.on('error', () => answered(false));
    probe.on('timeout', () => probe.destroy());
    probe.end();
  };
  const readiness = setInterval(() => upstreams.filter((u) => !u.removed).forEach(checkReadiness), READINESS_EVERY_MS);

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer, tried: Set<number>) => {
    const upstream = pick(tried);
    if (!upstream) {
      res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'No gateway replica is ready' }));
      return;
    }
    tried.add(upstream.port);
    const outgoing = request(
      { host: '127.0.0.1', port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, connection: 'close' }, agent: false },
      (answer) => {
        upstream.forwarded++;
        // Connection handling is per hop: a stopping replica's `Connection: close` is for this proxy, not the client.
        const { connection: _connection, 'keep-alive': _keepAlive, ...headers } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' && !res.headersSent) {
        upstream.ready = false;
        retried++;
        forward(req, res, body, tried);
        return;
      }
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ message: `Gateway replica failed: ${error.code ?? error.message}` }));
      else res.destroy(error);
    });
    outgoing.end(body);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => forward(req, res, Buffer.concat(chunks), new Set()));
  });

  server.on('upgrade', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const upstream = pick(new Set());
    if (!upstream) {
      client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
      return;
    }
    const tunnel = connect(upstream.port, '127.0.0.1', () => {
      const headers = Object.entries(req.headers).flatMap(([key, value]) => (Array.isArray(value) ? value.map((v) => `${key}: ${v}`) : [`${key}: ${value ?? ''}`]));
      tunnel.write(`${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) tunnel.write(head);
      tunnel.pipe(client).pipe(tunnel);
    });
    tunnels.add(tunnel).add(client);
    const drop = () => {
      tunnel.destroy();
      client.destroy();
      tunnels.delete(tunnel);
      tunnels.delete(client);
    };
    tunnel.on('error', drop).on('close', drop);
    client.on('error', drop).on('close', drop);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    // The next replica of a rollout is stopped only once this one takes requests, as a Deployment's maxUnavailable waits.
    add: (upstreamPort) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`gateway on port ${upstreamPort} never answered ready to the proxy`)), 30_000);
        const onFirstReady = () => {
          clearTimeout(timer);
          resolve();
        };
        const upstream: Upstream = { port: upstreamPort, ready: false, removed: false, forwarded: 0, failures: 0, probing: false, onFirstReady };
        upstreams.push(upstream);
        checkReadiness(upstream);
      }),
    remove: (upstreamPort) => {
      for (const upstream of upstreams) if (upstream.port === upstreamPort) upstream.removed = true;
    },
    stats: () => ({ forwarded: Object.fromEntries(upstreams.map((u) => [u.port, u.forwarded])), retried }),
    close: async () => {
      clearInterval(readiness);
      for (const socket of tunnels) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
