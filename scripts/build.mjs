// Compiles every server-side project's src/ to dist/ with swc (type checking is `npm run typecheck`),
// then builds the web app with Vite. `node scripts/build.mjs auth gateway` builds only those projects;
// `--no-web` skips the web app.
import { transformFile } from '@swc/core';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
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
  rmSync(out, { recursive: true, force: true });
  const sources = walk(src).filter(isSource);
  await Promise.all(
    sources.map(async (file) => {
      const target = join(out, relative(src, file)).replace(/\.ts$/, '.js');
      const { code, map } = await transformFile(file, { ...swcrc, swcrc: false, sourceFileName: relative(dirname(target), file) });
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, `${code}\n//# sourceMappingURL=${target.split('/').pop()}.map`);
      if (map) writeFileSync(`${target}.map`, map);
    }),
  );
  files += sources.length;
}
console.log(`compiled ${files} files in ${Date.now() - started} ms`);

if (!skipWeb && named.length === 0) {
  execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.mts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
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
