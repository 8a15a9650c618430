// The fake EasyPost server (libs/testing) as its own process, for browser tests and manual runs against a built
// system. It runs from the build, so `npm run build` first (it compiles libs/testing to libs/testing/dist), then:
//
//   PORT=4010 node scripts/fake-easypost.mjs          (or: PORT=4010 npm run fake:easypost)
//
// and give the orders service the URL it prints and the same API key. Settings, all optional:
//   PORT               where it listens (default: a free port, printed)
//   HOST               the interface (default 127.0.0.1)
//   PUBLIC_URL         the address clients reach it at, which label URLs are built on (default http://HOST:PORT)
//   EASYPOST_API_KEY   the key clients must send (default EZTKfakeeasypost)
//   LATENCY_MS         added to every API answer
//   RATE_LIMIT_SHARE   share (0..1) of API requests answered 429 at random; SEED makes the draw repeatable
//   PNG_LABELS_ONLY    1: every buy answers a PNG label only, as every recorded EasyPost buy did (the PDF or ZPL then
//                      comes from the label conversion, GET /v2/shipments/:id/label?file_format=PDF|ZPL)
// Its answers are EasyPost's recorded bodies (libs/testing/src/lib/fake-easypost/recorded/README.md).
// Tests drive it over HTTP: GET /_fake/state answers {labelsSold, voidsAccepted, shipments}; POST /_fake/faults takes
// {"fault": "loseNextBuyAnswer" | "hangNextStepBeforeBuy" | "rateLimitNext" | "failNextWith" | "failNextBuyWith" |
// "insufficientFundsNext" | "failNextAt" | "failNextScanForm", "seconds"?, "status"?, "afterBuying"?, "message"?,
// "at"?: "create" | "buy" | "convert" | "retrieve"} ("at" aims rateLimitNext, insufficientFundsNext and failNextAt at
// the next request of that step of a purchase; insufficientFundsNext is aimed at the buy unless told).
// The label lifecycle: POST /_fake/refunds {"trackingCode" | "shipmentId", "status": "refunded" | "rejected" |
// "not_applicable"} settles a submitted refund (204); POST /_fake/tracking {"trackingCode", "status" (EasyPost's tracker
// statuses: pre_transit, in_transit, out_for_delivery, delivered, …), "message"?, "city"?, "state"?, "zip"?} adds a
// scan to the label's tracker and answers the tracker.updated event EasyPost would push (sign it with the webhook
// secret: X-Hmac-Signature: hmac-sha256-hex=<hex HMAC-SHA256 of the raw body>, as signEasyPostPush does).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const built = join(dirname(fileURLToPath(import.meta.url)), '../libs/testing/dist/lib/fake-easypost.server.js');
if (!existsSync(built)) {
  console.error(`fake-easypost: ${built} is missing; run \`npm run build\` (or \`node scripts/build.mjs testing\`) first`);
  process.exit(1);
}
const { FakeEasyPostServer } = createRequire(import.meta.url)(built);

/** A number setting, or undefined when unset; a clear error and exit for anything else. */
const numberSetting = (name, { min, max, integer }) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
    console.error(`fake-easypost: ${name} must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}, got "${raw}"`);
    process.exit(1);
  }
  return value;
};

const fake = new FakeEasyPostServer({
  port: numberSetting('PORT', { min: 0, max: 65_535, integer: true }) ?? 0,
  host: process.env.HOST || '127.0.0.1',
  publicUrl: process.env.PUBLIC_URL || undefined,
  apiKey: process.env.EASYPOST_API_KEY || undefined,
  latencyMs: numberSetting('LATENCY_MS', { min: 0, max: 600_000, integer: true }),
  rateLimitShare: numberSetting('RATE_LIMIT_SHARE', { min: 0, max: 1, integer: false }),
  seed: numberSetting('SEED', { min: 0, max: 2 ** 32 - 1, integer: true }),
  pngLabelsOnly: process.env.PNG_LABELS_ONLY === '1',
  controlRoutes: true,
});

try {
  await fake.start();
} catch (error) {
  console.error(`fake-easypost: could not listen: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
console.log(`fake EasyPost listening on ${fake.url} (API key ${fake.apiKey})`);

const stop = async () => {
  await fake.stop();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
