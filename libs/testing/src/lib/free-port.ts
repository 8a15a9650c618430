import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The kernel's ephemeral range: every outgoing connection (to PostgreSQL, NATS, another replica) takes its local
 * port from it. A port found free there can be taken by such a connection between the check and the listen, which
 * made a gateway exit with EADDRINUSE in CI while eleven other processes were connecting. Ports are therefore handed
 * out below that range, where only listeners live.
 */
const ephemeralRange = (): [number, number] => {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low !== undefined && high !== undefined && Number.isInteger(low) && Number.isInteger(high)) return [low, high];
  } catch {
    // Not Linux: fall through to IANA's range.
  }
  return [49152, 65535];
};

const LOWEST = 10_000;
/** Ports this test process handed out, so two starts running at once never get the same one. */
const handedOut = new Set<number>();

/**
 * Ports handed out to any test process on this machine, a file per port holding the pid that has it. Jest's workers
 * are separate processes: two of them could each find a port free and hand it out before either system listens on
 * it, and a system would then start on the other's port (or answer the other's health check).
 */
const CLAIMS = join(tmpdir(), 'labeldesk-test-ports');

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Claims `port` for this process, unless another live process (or this one) has; the claim of a process that has
 * ended is taken over. Claims last as long as their process.
 */
export const claimPort = (port: number): boolean => {
  mkdirSync(CLAIMS, { recursive: true });
  const file = join(CLAIMS, String(port));
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // An empty file is a claim being written this instant: held.
  const holder = Number(readFileSync(file, 'utf8'));
  if (!Number.isInteger(holder) || holder <= 0 || holder === process.pid || isAlive(holder)) return false;
  // Taken over with an atomic rename, then read back: of two processes taking over at once, the last rename wins.
  const ours = `${file}.${process.pid}`;
  writeFileSync(ours, String(process.pid));
  renameSync(ours, file);
  return readFileSync(file, 'utf8') === String(process.pid);
};

const canListen = (port: number) =>
  new Promise<boolean>((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    // 0.0.0.0, as the gateway and the probes listen: a port free on 127.0.0.1 alone would not do.
    server.listen({ port, host: '0.0.0.0', exclusive: true }, () => server.close(() => done(true)));
  });

/** A TCP port nobody listens on right now, outside the range outgoing connections take theirs from. */
export const freePort = async (): Promise<number> => {
  const [ephemeralLow] = ephemeralRange();
  const highest = ephemeralLow > LOWEST + 1_000 ? ephemeralLow - 1 : 65_535;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = LOWEST + Math.floor(Math.random() * (highest - LOWEST));
    if (handedOut.has(port) || !claimPort(port)) continue;
    handedOut.add(port);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${LOWEST} and ${highest} after 200 tries`);
};

/** Whether a process's output says it could not listen because its port was taken. */
export const lostItsPort = (output: string) => output.includes('EADDRINUSE');
