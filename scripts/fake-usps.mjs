#!/usr/bin/env node
// The fake USPS v3 APIs (libs/testing/src/lib/fake-usps.server.ts) as their own process, for browser tests and manual
// runs: point USPS_API_URL at the printed url. Needs `npm run build` first (it compiles libs/testing to dist).
//
//   node scripts/fake-usps.mjs [--port 4010] [--latency-ms 0] [--client-id ID] [--client-secret SECRET]
//                               [--crid 56982563] [--mid 902118475] [--manifest-mid 902118476] [--account-number 1000123456]
//
// Prints one JSON line {url, clientId, clientSecret, crid, mid, manifestMid, accountType, accountNumber} once it
// listens. Faults and counters, over HTTP on the same port:
//   GET  /__fake/stats                         {labelsSold, voidsAccepted, accessTokensIssued, paymentTokensIssued,
//                                               specViolations, now}; specViolations counts the requests it received
//                                               and answers it gave that USPS's OpenAPI specs refuse (should stay 0;
//                                               such a request is answered with USPS's 400)
//   POST /__fake/fail-next?status=503          POST /__fake/rate-limit-next?seconds=2
//   POST /__fake/lose-next-buy                 POST /__fake/hang-next-step
//   POST /__fake/funds?exhausted=true          POST /__fake/revoke-tokens
//   POST /__fake/expire-tokens?which=access    (the access tokens issued so far expire: the next call with one is a 401)
//   POST /__fake/expire-tokens?which=payment   (the payment tokens expire, as USPS's do after eight hours: a 403)
//   POST /__fake/hourly-quota?exhausted=true   (USPS's hourly quota used up: every call is a 429 with Retry-After until
//        an hour has passed on the fake's clock; exhausted=false lifts it)
//   POST /__fake/clock?at=2026-06-24T06:31:00Z (moves the fake's clock: the 12:30am CT manifest, token expiry)
//   POST /__fake/scan?trackingNumber=9234…&kind=accepted   (adds a scan to a label it sold; kind is one of accepted,
//        in_transit, out_for_delivery, delivered, alert, available_for_pickup, return_to_sender; 404 for an unknown label)
// Tracking: GET /tracking/v3/tracking/{trackingNumber}?expand=DETAIL answers the labels it sold ("label created" at the
// sale, then the added scans, newest first), with the OAuth bearer token only.
// To make USPS unreachable, stop the process (SIGTERM); start it again with the same --port.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'libs/testing/dist/lib/fake-usps.server.js');
if (!existsSync(built)) {
  console.error(`fake-usps: ${built} is missing; run \`npm run build\` (or \`node scripts/build.mjs testing\`) first`);
  process.exit(1);
}
const { FakeUspsServer } = createRequire(import.meta.url)(built);

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'latency-ms': { type: 'string', default: '0' },
    'client-id': { type: 'string', default: 'fake-usps-client' },
    'client-secret': { type: 'string', default: 'fake-usps-secret' },
    crid: { type: 'string', default: '56982563' },
    mid: { type: 'string', default: '902118475' },
    'manifest-mid': { type: 'string', default: '902118476' },
    'account-number': { type: 'string', default: '1000123456' },
  },
});

const settings = {
  clientId: values['client-id'],
  clientSecret: values['client-secret'],
  crid: values.crid,
  mid: values.mid,
  manifestMid: values['manifest-mid'],
  accountType: 'EPS',
  accountNumber: values['account-number'],
};
const fake = new FakeUspsServer({
  ...settings,
  latencyMs: Number(values['latency-ms']),
  ...(values.port ? { port: Number(values.port) } : {}),
  controlRoutes: true,
});
await fake.start();
console.log(JSON.stringify({ url: fake.url, ...settings }));

const shutdown = async () => {
  await fake.stop();
  process.exit(0);
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
