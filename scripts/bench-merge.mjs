// node --expose-gc scripts/bench-merge.mjs [labels] [4x6|letter_2up] [out.pdf]
//
// Merges LABELS (default 10,000) sandbox labels into one PDF with the bulk order's streaming writer and prints the
// heap after every 1,000 labels: it must stay flat, since the writer keeps only byte offsets and page numbers.
// The output is counted and dropped unless a path is given. Not a unit test: timings and memory depend on the host.
//
// The TypeScript sources it needs are compiled with swc into tmp/bench-merge (git-ignored), so no build of the
// orders service is needed and none is touched.
import { transformFile } from '@swc/core';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'services/orders/src');
const out = join(root, 'tmp/bench-merge');
const require = createRequire(import.meta.url);

const count = Number(process.argv[2] ?? process.env.LABELS ?? 10_000);
const layout = process.argv[3] ?? '4x6';
const outPath = process.argv[4];

const sources = [
  'bulk/output/merged-label-pdf.writer.ts',
  'bulk/output/pdf-stream-assembler.ts',
  'bulk/output/pdf-object-serializer.ts',
  'bulk/output/letter-2up.layout.ts',
  'carriers/sandbox/label-renderer.ts',
  'carriers/sandbox/gs1-128.ts',
  'printing/index.ts',
  'printing/collect-pdf.ts',
  'printing/label-canvas.ts',
  'printing/printable-text.ts',
  'printing/standard-fonts.ts',
  'carriers/sandbox/impb.ts',
  'carriers/sandbox/sandbox-services.ts',
];

async function compile() {
  const swcrc = JSON.parse(readFileSync(join(root, '.swcrc'), 'utf8'));
  delete swcrc.$schema;
  for (const file of sources) {
    const target = join(out, file).replace(/\.ts$/, '.js');
    const { code } = await transformFile(join(src, file), { ...swcrc, swcrc: false, sourceMaps: false, sourceFileName: relative(dirname(target), join(src, file)) });
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, code);
  }
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function memory() {
  globalThis.gc?.();
  const { heapUsed, rss, external, arrayBuffers } = process.memoryUsage();
  return { heapUsed, rss, external, arrayBuffers };
}

await compile();
const { mergedLabelPdfChunks } = require(join(out, 'bulk/output/merged-label-pdf.writer.js'));
const { renderLabel } = require(join(out, 'carriers/sandbox/label-renderer.js'));
const { buildImpb, SANDBOX_CHANNEL, SANDBOX_TEST_MAILER_ID } = require(join(out, 'carriers/sandbox/impb.js'));
const { SANDBOX_SERVICES } = require(join(out, 'carriers/sandbox/sandbox-services.js'));

// 50 distinct labels, fed round-robin: rendering 10,000 would measure pdfkit, not the merge.
const distinct = [];
for (let i = 0; i < 50; i++) {
  const service = SANDBOX_SERVICES[i % SANDBOX_SERVICES.length];
  const address = { name: `Recipient ${i}`, company: null, phone: null, street1: '350 Fifth Avenue', street2: null, city: 'New York', state: 'NY', zip: '10118', country: 'US' };
  distinct.push(
    await renderLabel({
      service,
      from: { ...address, name: 'Acme Widgets Fulfillment' },
      to: address,
      package: { lengthIn: 12, widthIn: 10, heightIn: 4, weightLb: 1 + (i % 20), description: 'Blue widget', reference1: '1', reference2: `SKU-${i}` },
      impb: buildImpb({ zip5: '10118', channel: SANDBOX_CHANNEL, serviceTypeCode: service.serviceTypeCode, mailerId: SANDBOX_TEST_MAILER_ID, serial: 10_000 + i }),
      shipDate: new Date(),
    }),
  );
}
const averageLabel = distinct.reduce((sum, label) => sum + label.length, 0) / distinct.length;

const samples = [];
async function* labels() {
  for (let i = 0; i < count; i++) {
    if (i % 1000 === 0) samples.push({ labels: i, ...memory() });
    yield distinct[i % distinct.length];
  }
  samples.push({ labels: count, ...memory() });
}

let bytes = 0;
const sink = outPath
  ? createWriteStream(outPath)
  : new Writable({
      write(chunk, _encoding, done) {
        bytes += chunk.length;
        done();
      },
    });
const started = performance.now();
await new Promise((resolve, reject) => {
  const stream = Readable.from(mergedLabelPdfChunks(labels(), { layout }), { objectMode: false });
  stream.on('error', reject);
  if (outPath) stream.on('data', (chunk) => (bytes += chunk.length));
  sink.on('finish', resolve).on('error', reject);
  stream.pipe(sink);
});
const seconds = (performance.now() - started) / 1000;

console.log(`merge ${layout}: ${count} labels (${(averageLabel / 1024).toFixed(1)} KB each) → ${mb(bytes)} in ${seconds.toFixed(1)} s (${Math.round(count / seconds)} labels/s)`);
console.log(`gc exposed: ${typeof globalThis.gc === 'function' ? 'yes' : 'no (run with --expose-gc for steadier figures)'}`);
for (const s of samples) console.log(`  after ${String(s.labels).padStart(6)} labels: heap ${mb(s.heapUsed).padStart(9)}, rss ${mb(s.rss).padStart(9)}, external ${mb(s.external).padStart(8)}`);
if (outPath) console.log(`written to ${outPath}`);
