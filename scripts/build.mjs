// Compiles every server-side project's src/ to dist/ with swc (type checking is `npm run typecheck`),
// then builds the web app with Vite. `node scripts/build.mjs auth gateway` builds only those projects;
// `--no-web` skips the web app.
import { transformFile } from '@swc/core';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const swcrc = JSON.parse(readFileSync(join(root, '.swcrc'), 'utf8'));
delete swcrc.$schema;

const projects = {
  contracts: 'libs/contracts',
  'nest-config': 'libs/nest-config',
  'nest-transport': 'libs/nest-transport',
  'nest-orm': 'libs/nest-orm',
  'nest-service': 'libs/nest-service',
  // Test support, compiled so the carriers' fakes can run as their own processes (scripts/fake-easypost.mjs,
  // scripts/fake-usps.mjs); no app imports it.
  testing: 'libs/testing',
  auth: 'services/auth',
  orders: 'services/orders',
  payments: 'services/payments',
  address: 'services/address',
  pricing: 'services/pricing',
  gateway: 'gateway',
  embedded: 'scripts/embedded',
};

const args = process.argv.slice(2);
const skipWeb = args.includes('--no-web');
const named = args.filter((a) => !a.startsWith('--'));
const selected = named.length > 0 ? named : Object.keys(projects);

/**
 * The landing page prerendered (docs/decisions/021): web/src/prerender/landing.tsx is built for Node, run once, and
 * its HTML and CSS become web/dist/landing.json, the template the gateway serves `/` from (filling in the prices,
 * the community link and the year). The page paints with no JavaScript; web/public/landing-boot.js sets the colour
 * mode before the first paint and web/public/landing.js drives the interactive parts (or loads the app for a
 * signed-in visitor).
 */
const prerenderLanding = async () => {
  const { build } = await import('vite');
  const out = join(root, 'web/.prerender');
  await build({
    configFile: join(root, 'web/vite.config.mts'),
    logLevel: 'warn',
    build: {
      ssr: join(root, 'web/src/prerender/landing.tsx'),
      outDir: out,
      emptyOutDir: true,
      sourcemap: false,
      copyPublicDir: false,
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  try {
    const { prerenderLanding: render, PLACEHOLDERS } = await import(pathToFileURL(join(out, 'landing.mjs')).href);
    const page = render();
    const index = readFileSync(join(root, 'web/dist/index.html'), 'utf8');
    const appModule = /<script type="module"[^>]* src="([^"]+)"/.exec(index)?.[1];
    const headStart = /<head>([\s\S]*?)<title>/.exec(index)?.[1];
    if (!appModule || headStart === undefined) throw new Error('prerender: web/dist/index.html has no module script or title');
    const template = (id, html) => `<template id="${id}">${html}</template>`;
    const html = [
      '<!doctype html>',
      '<html lang="en">',
      `<head>${headStart.trim()}`,
      `<title>${page.title}</title>`,
      // Sets the colour mode before the first paint (a file: the CSP allows no inline script).
      '<script src="/landing-boot.js"></script>',
      '<link rel="preload" as="image" href="/hero-bg.svg">',
      `<meta name="ld-app" content="${appModule}">`,
      '<!--ld:chat-->',
      `<style>${page.css}</style>`,
      '<script defer src="/landing.js"></script>',
      '</head>',
      `<body><div id="root">${page.html}</div>`,
      template('ld-menu', page.fragments.menu),
      template('ld-icon-sun', page.fragments.sunIcon),
      template('ld-icon-moon', page.fragments.moonIcon),
      '</body></html>',
    ].join('\n');
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const placeholders = {
      priceName: PLACEHOLDERS.priceName,
      priceMaxWeight: String(PLACEHOLDERS.priceMaxWeight),
      priceFrom: usd.format(PLACEHOLDERS.priceFromCents / 100),
      communityChatUrl: PLACEHOLDERS.communityChatUrl,
    };
    for (const [name, value] of Object.entries(placeholders)) {
      const where = name === 'communityChatUrl' ? page.fragments.community : page.fragments.priceRow;
      if (!where.includes(value)) throw new Error(`prerender: placeholder ${name} not found in its fragment`);
    }
    const landing = { html, prices: page.fragments.prices, priceRow: page.fragments.priceRow, community: page.fragments.community, placeholders };
    writeFileSync(join(root, 'web/dist/landing.json'), JSON.stringify(landing));
    console.log(`landing page prerendered: ${html.length} bytes of HTML (${page.css.length} of CSS)`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
};

const isSource = (file) => file.endsWith('.ts') && !/\.(spec|int-spec|e2e-spec)\.ts$/.test(file) && !file.endsWith('.d.ts');

const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

const started = Date.now();
let files = 0;
for (const name of selected) {
  const projectDir = projects[name];
  if (!projectDir) throw new Error(`Unknown project ${name}; known: ${Object.keys(projects).join(', ')}`);
  const src = join(root, projectDir, 'src');
  const out = join(root, projectDir, 'dist');
  try {
    statSync(src);
  } catch {
    continue;
  }
  // Compiled beside dist/ and swapped in by two renames, so a system starting from dist/ while another build runs
  // never reads a half-written folder.
  const next = `${out}.next-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  const sources = walk(src).filter(isSource);
  await Promise.all(
    sources.map(async (file) => {
      const target = join(next, relative(src, file)).replace(/\.ts$/, '.js');
      const { code, map } = await transformFile(file, { ...swcrc, swcrc: false, sourceFileName: relative(dirname(target), file) });
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, `${code}\n//# sourceMappingURL=${target.split('/').pop()}.map`);
      if (map) writeFileSync(`${target}.map`, map);
    }),
  );
  const previous = `${out}.old-${process.pid}`;
  try {
    renameSync(out, previous);
  } catch {
    // first build: nothing to move aside
  }
  renameSync(next, out);
  rmSync(previous, { recursive: true, force: true });
  files += sources.length;
}
console.log(`compiled ${files} files in ${Date.now() - started} ms`);

if (!skipWeb && named.length === 0) {
  execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.mts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  await prerenderLanding();
  // Brotli copies made once here, served by the gateway to browsers that accept them: a phone on a slow network
  // downloads a fifth of the bytes, and no request pays for compressing.
  const dist = join(root, 'web/dist');
  let compressed = 0;
  for (const file of walk(dist).filter((path) => /\.(js|css|html|svg|json)$/.test(path))) {
    const bytes = readFileSync(file);
    if (bytes.length < 1024) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
    compressed += 1;
  }
  console.log(`web app built; ${compressed} files brotli-compressed`);
}
