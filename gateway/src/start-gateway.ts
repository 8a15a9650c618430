import { Logger, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createLogger, loadEnv, metrics, startIdleCollector, type EnvSource } from '@labeldesk/nest-config';
import { createServer, type Server } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { PublicSite } from '@labeldesk/contracts';
import helmet from 'helmet';
import { createServerStrategy, transportFromEnv } from '@labeldesk/nest-transport';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { extname, join, normalize, relative, resolve, sep } from 'node:path';
import type { AddressInfo } from 'node:net';
import { GatewayModule } from './app.module';
import { gatewayEnvSchema, type GatewayEnv } from './config/env.schema';
import { accessLog } from './http/access-log.middleware';
import { sendBuiltFile } from './http/built-file';
import { fillLandingPage, PublicSiteController, type LandingTemplate } from './http/public-site.controller';
import { useJsonBodies } from './http/json-body.middleware';
import { PrototypedExpressAdapter } from './http/prototyped-express.adapter';

export interface RunningGateway {
  app: INestApplication;
  url: string;
  /** Readiness answers 503 and every answer closes its connection from now on; requests are still served. */
  drain(): void;
  close(): Promise<void>;
}

/** Starts the HTTP API, Socket.IO and the web app on one port. */
export const startGateway = async (source: EnvSource): Promise<RunningGateway> => {
  const env = loadEnv('gateway', gatewayEnvSchema, source);
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.forEnv(env), new PrototypedExpressAdapter(), {
    logger: createLogger('gateway', env.LOG_LEVEL, env.LOG_FORMAT),
    bufferLogs: true,
    // useJsonBodies reads every body (and keeps the payment webhook's exact bytes for its BTCPay-Sig check); Nest's own
    // JSON and form parsers would only run after it, for nothing, on every request.
    bodyParser: false,
  });
  app.set('trust proxy', env.TRUST_PROXY);
  app.disable('x-powered-by');
  const stopping = stoppingGate();
  app.use(stopping.middleware);
  app.use(accessLog());
  app.use(helmet(helmetOptions(env)));
  app.use('/api', apiAnswersNotStored);
  // No ETag on API answers: they are not stored (above), so no client could ever revalidate one, and express would
  // hash every body for it. Static files have their own (serve-static's).
  app.set('etag', false);
  app.setGlobalPrefix('api');
  // Limits per route (over them is a 413) and the refusal of bad input, before Nest's own parsers.
  useJsonBodies(app);
  serveWebApp(app, env);
  // Events from services (bulk progress) reach every gateway replica: no queue group.
  app.connectMicroservice({ strategy: createServerStrategy(transportFromEnv(env, 'gateway-events'), null) });
  await app.startAllMicroservices();
  await app.listen(env.PORT, env.HOST);
  const metricsServer = env.METRICS_PORT !== undefined ? await serveMetrics(env.METRICS_PORT, env.HOST) : null;
  // Memory grown under load goes back once the gateway is quiet (one per process: the embedded one included).
  startIdleCollector();
  const address = app.getHttpServer().address() as AddressInfo;
  const url = `http://localhost:${address.port}`;
  new Logger('gateway').log(`listening on ${url} (${env.TRANSPORT === 'inprocess' ? 'embedded' : 'distributed'} mode)`);
  return {
    app,
    url,
    drain: stopping.drain,
    close: async () => {
      stopping.drain();
      await app.close();
      metricsServer?.close();
    },
  };
};

/** API answers carry balances, addresses and tokens: no browser or proxy cache keeps them (ASVS 14.3.2). */
const apiAnswersNotStored = (_req: Request, res: Response, next: NextFunction): void => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/**
 * A stopping gateway (docs/decisions/020): readiness turns 503 so the Service's endpoints (or a test's proxy) drop it,
 * and each answer carries `Connection: close`, so kept-alive clients open their next connection elsewhere
 * instead of finding this one closed under them. Requests keep being served until close.
 */
const stoppingGate = () => {
  let draining = false;
  return {
    drain: () => {
      draining = true;
    },
    middleware: (req: Request, res: Response, next: NextFunction): void => {
      if (!draining) return next();
      res.setHeader('Connection', 'close');
      if (req.path === '/api/health/ready') {
        res.status(503).json({ status: 'not ready' });
        return;
      }
      next();
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
const serveBrotli = (dist: string, files: readonly string[]) => {
  // The build's copies, listed once at start: no file-system call on the request path (and nothing outside dist).
  const compressed = new Set(files.filter((file) => file.endsWith('.br')));
  return (req: Request, res: Response, next: NextFunction): void => {
    const type = CONTENT_TYPES[extname(req.path)];
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !type || !/\bbr\b/.test(req.headers['accept-encoding'] ?? '')) return next();
    const file = resolve(dist, `.${normalize(req.path)}.br`);
    if (!compressed.has(file)) return next();
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Encoding', 'br');
    res.setHeader('Vary', 'Accept-Encoding');
    setCacheHeaders(res, file);
    sendBuiltFile(res, file, next);
  };
};

const listFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)]));

/**
 * The build's files, listed once at start: a request for anything else (every API call) costs a set lookup, not a
 * file-system check as serve-static's would, and nearly every request is an API call that no file answers.
 */
const serveStaticFiles = (dist: string, files: readonly string[]) => {
  const paths = new Set(files.map((file) => `/${relative(dist, file).split(sep).join('/')}`));
  return (req: Request, res: Response, next: NextFunction): void => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !paths.has(req.path)) return next();
    const file = join(dist, req.path);
    setCacheHeaders(res, file);
    sendBuiltFile(res, file, next);
  };
};

/** The built SPA: static files, and index.html for every non-API path so client routes survive a reload. */
const serveWebApp = (app: NestExpressApplication, env: GatewayEnv): void => {
  const dist = resolve(env.WEB_DIST ?? join(__dirname, '../../web/dist'));
  const index = join(dist, 'index.html');
  if (!existsSync(index)) {
    new Logger('gateway').warn(`web app not found at ${dist}: serving the API only (run npm run build)`);
    return;
  }
  const files = listFiles(dist);
  app.use(serveBrotli(dist, files));
  app.use(serveStaticFiles(dist, files));
  const landing = serveLandingPage(app, join(dist, 'landing.json'));
  app.use((req: Request, res: Response, next: NextFunction) => {
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !req.path.startsWith('/api') && !req.path.startsWith('/socket.io');
    if (!isPage) return next();
    res.setHeader('Cache-Control', 'no-store');
    if (req.path === '/' && landing) return void landing(req, res).catch(next);
    res.sendFile(index);
  });
};

/**
 * `/` is the landing page prerendered at build time (docs/decisions/021): it paints with no JavaScript. Its prices,
 * community link and year are filled in here from the same answer as GET /api/public/site, and the result kept (and
 * compressed once) while that answer is. Null when the build made no landing page: `/` is then the SPA's index.html.
 */
const serveLandingPage = (app: NestExpressApplication, templateFile: string) => {
  if (!existsSync(templateFile)) return null;
  const template = JSON.parse(readFileSync(templateFile, 'utf8')) as LandingTemplate;
  const site = app.get(PublicSiteController, { strict: false });
  let last: { site: PublicSite; year: number; html: Buffer; br: Buffer } | null = null;
  return async (req: Request, res: Response): Promise<void> => {
    const current = await site.recentSite();
    const year = new Date().getFullYear();
    if (last?.site !== current || last.year !== year) {
      const html = Buffer.from(fillLandingPage(template, current, year));
      last = { site: current, year, html, br: brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }) };
    }
    const brotli = /\bbr\b/.test(req.headers['accept-encoding'] ?? '');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Vary', 'Accept-Encoding');
    if (brotli) res.setHeader('Content-Encoding', 'br');
    res.send(brotli ? last.br : last.html);
  };
};
