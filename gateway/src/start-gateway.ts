import { Logger, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createLogger, loadEnv, metrics, type EnvSource } from '@labeldesk/nest-config';
import { createServer, type Server } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { createServerStrategy, transportFromEnv } from '@labeldesk/nest-transport';
import { existsSync, readdirSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { GatewayModule } from './app.module';
import { gatewayEnvSchema, type GatewayEnv } from './config/env.schema';
import { accessLog } from './http/access-log.middleware';
import { useJsonBodies } from './http/json-body.middleware';

export interface RunningGateway {
  app: INestApplication;
  url: string;
  close(): Promise<void>;
}

/** Starts the HTTP API, Socket.IO and the web app on one port. */
export const startGateway = async (source: EnvSource): Promise<RunningGateway> => {
  const env = loadEnv('gateway', gatewayEnvSchema, source);
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.forEnv(env), {
    logger: createLogger('gateway', env.LOG_LEVEL, env.LOG_FORMAT),
    bufferLogs: true,
    // The payment webhook is verified over the exact bytes received (BTCPay-Sig).
    rawBody: true,
  });
  app.set('trust proxy', env.TRUST_PROXY);
  app.disable('x-powered-by');
  app.use(accessLog());
  app.use(helmet(helmetOptions(env)));
  app.setGlobalPrefix('api');
  // Limits per route (over them is a 413) and the refusal of bad input, before Nest's own parsers.
  useJsonBodies(app);
  serveWebApp(app, env);
  // Events from services (bulk progress) reach every gateway replica: no queue group.
  app.connectMicroservice({ strategy: createServerStrategy(transportFromEnv(env, 'gateway-events'), null) });
  await app.startAllMicroservices();
  await app.listen(env.PORT, env.HOST);
  const metricsServer = env.METRICS_PORT !== undefined ? await serveMetrics(env.METRICS_PORT, env.HOST) : null;
  const address = app.getHttpServer().address() as AddressInfo;
  const url = `http://localhost:${address.port}`;
  new Logger('gateway').log(`listening on ${url} (${env.TRANSPORT === 'inprocess' ? 'embedded' : 'distributed'} mode)`);
  return {
    app,
    url,
    close: async () => {
      metricsServer?.close();
      await app.close();
    },
  };
};

const helmetOptions = (env: GatewayEnv): Parameters<typeof helmet>[0] => {
  const server = env.PAYMENT_SERVER_ORIGIN ?? env.BTCPAY_URL;
  const payment = server ? [new URL(server).origin] : [];
  // A chat widget loads its script, talks to its servers and may draw frames and images, all from its own origin.
  const chat = env.CHAT_WIDGET_SCRIPT_URL ? [new URL(env.CHAT_WIDGET_SCRIPT_URL).origin] : [];
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        scriptSrc: ["'self'", ...payment, ...chat],
        frameSrc: ["'self'", ...payment, ...chat],
        connectSrc: ["'self'", ...chat],
        imgSrc: ["'self'", 'data:', ...chat],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        formAction: ["'self'"],
        upgradeInsecureRequests: env.HSTS ? [] : null,
      },
    },
    strictTransportSecurity: env.HSTS ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
};

/** Prometheus's scrape endpoint, apart from the public port (the gateway's Service exposes only that one). */
const serveMetrics = (port: number, host: string): Promise<Server> => {
  const server = createServer((req, res) => {
    if (req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    void metrics.metrics().then((text) => {
      res.writeHead(200, { 'content-type': metrics.contentType });
      res.end(text);
    });
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
};

/** Build outputs under /assets have a content hash in their names: they never change, so browsers keep them. */
const setCacheHeaders = (res: Response, path: string): void => {
  if (path.endsWith('.html') || path.endsWith('.html.br')) res.setHeader('Cache-Control', 'no-store');
  else if (/[\\/]assets[\\/]/.test(path)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
};

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
};

/** The build's `.br` copy of a static file, to a browser that accepts brotli (scripts/build.mjs makes them). */
const serveBrotli = (dist: string) => {
  // The build's copies, listed once at start: no file-system call on the request path (and nothing outside dist).
  const compressed = new Set(listFiles(dist).filter((file) => file.endsWith('.br')));
  return (req: Request, res: Response, next: NextFunction): void => {
    const type = CONTENT_TYPES[extname(req.path)];
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !type || !/\bbr\b/.test(req.headers['accept-encoding'] ?? '')) return next();
    const file = resolve(dist, `.${normalize(req.path)}.br`);
    if (!compressed.has(file)) return next();
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Encoding', 'br');
    res.setHeader('Vary', 'Accept-Encoding');
    setCacheHeaders(res, file);
    res.sendFile(file);
  };
};

const listFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)]));

/** The built SPA: static files, and index.html for every non-API path so client routes survive a reload. */
const serveWebApp = (app: NestExpressApplication, env: GatewayEnv): void => {
  const dist = resolve(env.WEB_DIST ?? join(__dirname, '../../web/dist'));
  const index = join(dist, 'index.html');
  if (!existsSync(index)) {
    new Logger('gateway').warn(`web app not found at ${dist}: serving the API only (run npm run build)`);
    return;
  }
  app.use(serveBrotli(dist));
  app.useStaticAssets(dist, { index: false, maxAge: '1h', setHeaders: (res, path) => setCacheHeaders(res, path) });
  app.use((req: Request, res: Response, next: NextFunction) => {
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !req.path.startsWith('/api') && !req.path.startsWith('/socket.io');
    if (!isPage) return next();
    res.setHeader('Cache-Control', 'no-store');
    res.sendFile(index);
  });
};
