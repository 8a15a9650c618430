// node scripts/bench-label.mjs [labels] — label benchmarks. Needs the compiled orders service first:
// `node scripts/build.mjs orders` (or `npm run build`).
//
// Part 1, renderingBenchmark(): renders N sandbox 4x6 labels (default 500, env LABELS or first argument) one
// after another on this thread with the compiled renderer and prints labels/s and PDF size per label.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;
const sandboxDist = join(root, 'services/orders/dist/carriers/sandbox');
const require = createRequire(import.meta.url);

const loadSandbox = () => {
  const rendererPath = join(sandboxDist, 'label-renderer.js');
  if (!existsSync(rendererPath)) {
    throw new Error(`${rendererPath} is missing: run \`node scripts/build.mjs orders\` first`);
  }
  const { renderLabel } = require(rendererPath);
  const { buildImpb, SANDBOX_CHANNEL, SANDBOX_TEST_MAILER_ID } = require(join(sandboxDist, 'impb.js'));
  const { SANDBOX_SERVICES } = require(join(sandboxDist, 'sandbox-services.js'));
  return { renderLabel, buildImpb, SANDBOX_CHANNEL, SANDBOX_TEST_MAILER_ID, SANDBOX_SERVICES };
};

const destinations = [
  { name: 'Jane Doe', company: null, street1: '350 Fifth Avenue', street2: 'Suite 4200', city: 'New York', state: 'NY', zip: '10118' },
  { name: 'Maximilian Alexander Montgomery', company: 'Northwest Regional Medical Supply', street1: '12345 North Johnson Creek Boulevard', street2: 'Apartment 1205', city: 'Rancho Santa Margarita', state: 'CA', zip: '92688-1234' },
  { name: 'Carlos Ruiz', company: null, street1: '1600 Pennsylvania Ave NW', street2: null, city: 'Washington', state: 'DC', zip: '20500' },
];

/** A realistic label input for label number `i`: services, destinations and serials vary. */
const labelInput = (sandbox, i) => {
  const service = sandbox.SANDBOX_SERVICES[i % sandbox.SANDBOX_SERVICES.length];
  const to = { phone: null, country: 'US', ...destinations[i % destinations.length] };
  const [zip5, zip4] = to.zip.split('-');
  return {
    service,
    from: { name: 'Acme Widgets Fulfillment', company: null, phone: null, street1: '1200 Industrial Parkway', street2: null, city: 'Columbus', state: 'OH', zip: '43215', country: 'US' },
    to,
    package: { lengthIn: 12, widthIn: 10, heightIn: 4, weightLb: 0.5 + (i % 40), description: 'Blue widget, large', reference1: String(1 + (i % 5)), reference2: `WID-${String(i).padStart(5, '0')}` },
    impb: sandbox.buildImpb({ zip5, zip4, channel: sandbox.SANDBOX_CHANNEL, serviceTypeCode: service.serviceTypeCode, mailerId: sandbox.SANDBOX_TEST_MAILER_ID, serial: 1_000 + i }),
    shipDate: new Date(),
  };
};

/**
 * Renders `count` labels sequentially (after a short warm-up) and prints
 * `pdf rendering: X labels/s (N labels, Y ms, Z KB per label)`. Returns the figures.
 */
export async function renderingBenchmark({ count = 500, warmup = 20 } = {}) {
  const sandbox = loadSandbox();
  for (let i = 0; i < warmup; i++) await sandbox.renderLabel(labelInput(sandbox, i));

  let bytes = 0;
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const pdf = await sandbox.renderLabel(labelInput(sandbox, i));
    bytes += pdf.length;
  }
  const ms = performance.now() - started;
  const result = {
    labels: count,
    ms: Math.round(ms),
    labelsPerSecond: Math.round((count / ms) * 1000),
    kbPerLabel: Math.round((bytes / count / 1024) * 10) / 10,
  };
  console.log(`pdf rendering: ${result.labelsPerSecond} labels/s (${result.labels} labels, ${result.ms} ms, ${result.kbPerLabel} KB per label)`);
  return result;
}

async function main() {
  const count = Number(process.argv[2] ?? process.env.LABELS ?? 500);
  if (!Number.isInteger(count) || count < 1) throw new Error(`label count must be a positive integer, got ${process.argv[2] ?? process.env.LABELS}`);
  await renderingBenchmark({ count });
  // Part 2 (through-the-gateway latency) goes here.
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
