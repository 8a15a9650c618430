// Starts and stops the system under test for bench:api, on free ports, and reads its processes' memory and CPU
// time from /proc. Embedded: scripts/embedded/dist/main.js on a fresh DATA_DIR. Distributed: scripts/start-distributed.sh
// with a fresh database on the local PostgreSQL and a NATS of its own on a free port (as .ci/run does), dropped after.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const root = new URL('../..', import.meta.url).pathname;
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432';

export const ADMIN = { email: 'bench-api-admin@example.com', password: 'bench-api-admin-password' };

/** A TCP port free at the time of asking (bound to port 0, then released). */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** VmRSS and VmHWM of a process in MiB (null when it is gone). */
export const memoryMiB = (pid) => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
    return { rss: Math.round(kb('VmRSS') / 102.4) / 10, hwm: Math.round(kb('VmHWM') / 102.4) / 10 };
  } catch {
    return null;
  }
};

/** User + system CPU time of a process (all its threads) in milliseconds (null when it is gone). */
export const cpuMs = (pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the command: state(3) ppid ... utime is field 14, stime field 15 of the whole line.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
  } catch {
    return null;
  }
};

/** Every descendant of `pid` (children via /proc/<pid>/task/<tid>/children), depth first. */
const descendants = (pid) => {
  const out = [];
  let tasks = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tasks) {
    let children = '';
    try {
      children = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8');
    } catch {
      continue;
    }
    for (const child of children.trim().split(/\s+/).filter(Boolean).map(Number)) out.push(child, ...descendants(child));
  }
  return out;
};

const commandLine = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
};

/** The distributed mode's processes, named by what they run: auth, …, gateway, nats. */
const distributedProcesses = (scriptPid) =>
  descendants(scriptPid)
    .map((pid) => {
      const cmd = commandLine(pid);
      const script = cmd.find((arg) => /(services\/[a-z]+|gateway)\/dist\/main\.js$/.test(arg));
      if (script) return { name: script.includes('gateway/') ? 'gateway' : /services\/([a-z]+)\//.exec(script)[1], pid };
      if (cmd[0]?.endsWith('nats-server')) return { name: 'nats', pid };
      return null;
    })
    .filter(Boolean);

const tail = (file, lines = 40) => {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
};

const waitHealthy = async (base, child, logFile, timeoutMs = 180_000) => {
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the system exited (${child.signalCode ?? child.exitCode}) before it was healthy:\n${tail(logFile)}`);
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false);
    if (ok) return Math.round(performance.now() - started);
    if (performance.now() - started > timeoutMs) throw new Error(`not healthy after ${timeoutMs / 1000} s:\n${tail(logFile)}`);
    await sleep(200);
  }
};

const waitExit = (child, ms) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(true)
    : new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), ms);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve(true);
        });
      });

/** Inherited settings that would point the system elsewhere than at its own fresh database, NATS and keys. */
const cleanEnv = () => {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^(DATABASE_URL|NATS_URL|NATS_USER|NATS_PASSWORD|NATS_[A-Z]+_PASSWORD|NATS_TLS_[A-Z]+|CALLER_KEY|CALLER_KEY_[A-Z]+|CALLER_TRUST|DATA_DIR|PORT|PUBLIC_URL|METRICS_PORT|HEALTH_PORT|NODE_OPTIONS)$/.test(key)) delete env[key];
  }
  return env;
};

const commonEnv = (port) => ({
  ...cleanEnv(),
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  AUTH_RATE_LIMIT_PER_MINUTE: '10000',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
});

/** BENCH_NODE_FLAGS: more node flags for every server process (e.g. `--trace-gc`), for looking into a result. */
const extraNodeFlags = () => (process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);

/** BENCH_KEEP_LOG=<file>: the servers' log is appended there before the run's folder is removed. */
const keepLog = (logFile) => {
  const target = process.env.BENCH_KEEP_LOG;
  if (target && existsSync(logFile)) appendFileSync(target, readFileSync(logFile));
};

/**
 * Starts the embedded mode on a fresh data folder. `cpuProfDir`: run it under `node --cpu-prof` (the profile is
 * written when it stops). `dataDir`: that data folder instead, left in place by stop() (bench:shipments stops the
 * system, fills its database and starts it again). Resolves once /api/health answers 200.
 */
export const startEmbedded = async ({ cpuProfDir, dataDir, port: fixedPort } = {}) => {
  const main = join(root, 'scripts/embedded/dist/main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: run \`node scripts/build.mjs --no-web\` first`);
  const port = fixedPort ?? (await freePort());
  const workDir = mkdtempSync(join(tmpdir(), 'bench-api-embedded-'));
  const logFile = join(workDir, 'server.log');
  const log = openSync(logFile, 'a');
  const args = ['--expose-gc', ...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : []), ...extraNodeFlags(), main];
  const child = spawn(process.execPath, args, { cwd: root, env: { ...commonEnv(port), DATA_DIR: dataDir ?? join(workDir, 'data') }, stdio: ['ignore', log, log] });
  closeSync(log);
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      // A CPU profile is written on the way out; give it time before forcing.
      if (!(await waitExit(child, 60_000))) {
        child.kill('SIGKILL');
        await waitExit(child, 5_000);
      }
    }
    keepLog(logFile);
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    const startMs = await waitHealthy(base, child, logFile);
    return { mode: 'embedded', base, port, startMs, logFile, processes: () => [{ name: 'embedded', pid: child.pid }], stop };
  } catch (error) {
    await stop();
    throw error;
  }
};

const psql = (sql) => spawnSync('psql', [`${POSTGRES}/postgres`, '-qAtc', sql], { encoding: 'utf8' });

/**
 * Starts the distributed mode: scripts/start-distributed.sh with its own NATS on a free port, the gateway on a free
 * port and a fresh database (dropped by stop()). Resolves once /api/health answers 200 (every service is up).
 * `cpuProfDir`: every process under `node --cpu-prof` (each writes its profile, named by its pid, when it stops).
 * `port`, `natsPort`: those ports instead of free ones (both starters take `port`).
 */
export const startDistributed = async ({ cpuProfDir, port: fixedPort, natsPort: fixedNatsPort } = {}) => {
  for (const dist of ['gateway/dist/main.js', ...['auth', 'payments', 'address', 'pricing', 'orders'].map((s) => `services/${s}/dist/main.js`)]) {
    if (!existsSync(join(root, dist))) throw new Error(`${dist} is missing: run \`node scripts/build.mjs --no-web\` first`);
  }
  const ready = spawnSync('pg_isready', ['-q', '-d', `${POSTGRES}/postgres`]);
  if (ready.status !== 0) throw new Error(`PostgreSQL is not answering at ${POSTGRES}`);
  const [port, natsPort] = [fixedPort ?? (await freePort()), fixedNatsPort ?? (await freePort())];
  const database = `labeldesk_bench_api_${process.pid}_${Date.now().toString(36)}`;
  const workDir = mkdtempSync(join(tmpdir(), 'bench-api-distributed-'));
  const logFile = join(workDir, 'server.log');
  const log = openSync(logFile, 'a');
  // Its own process group, so that nothing it started can outlive the benchmark (see stop()).
  const child = spawn('bash', [join(root, 'scripts/start-distributed.sh')], {
    cwd: root,
    env: {
      ...commonEnv(port),
      DATABASE_URL: `${POSTGRES}/${database}`,
      NATS_PORT: String(natsPort),
      // Every service writes its own profile (named by its pid) when it stops; NODE_OPTIONS may not carry --cpu-prof.
      NODE_FLAGS: [...(cpuProfDir ? [`--cpu-prof --cpu-prof-dir=${cpuProfDir}`] : []), ...extraNodeFlags()].join(' '),
    },
    stdio: ['ignore', log, log],
    detached: true,
  });
  closeSync(log);
  const base = `http://127.0.0.1:${port}`;
  let known = [];
  const processes = () => {
    const found = distributedProcesses(child.pid);
    if (found.length) known = found;
    return found;
  };
  const stop = async () => {
    processes();
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitExit(child, 30_000))) child.kill('SIGKILL');
    }
    // The script's trap stops its children; anything left of what it started is ended by its process id.
    for (const { pid } of known) {
      try {
        process.kill(pid, 0);
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    const dropped = psql(`drop database if exists "${database}" with (force)`);
    if (dropped.status !== 0) process.stderr.write(`could not drop database ${database}: ${dropped.stderr}\n`);
    keepLog(logFile);
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    const startMs = await waitHealthy(base, child, logFile);
    processes();
    // The backends serving this database (one per pooled connection, stable once the pools are full).
    const databaseBackends = () => {
      const found = psql(`select pid from pg_stat_activity where datname = '${database}'`);
      return found.status === 0 ? found.stdout.split('\n').filter(Boolean).map(Number) : [];
    };
    return { mode: 'distributed', base, port, startMs, logFile, database, processes, databaseBackends, stop };
  } catch (error) {
    await stop();
    throw error;
  }
};
