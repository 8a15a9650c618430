import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { claimPort, freePort, lostItsPort } from './free-port';

const ephemeralLow = (): number => {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  } catch {
    return 49152;
  }
};

describe('freePort', () => {
  it('hands out a port below the range outgoing connections take their local ports from', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThanOrEqual(10_000);
    expect(port).toBeLessThan(ephemeralLow());
  });

  it('hands out a port a server can listen on at every address', async () => {
    const port = await freePort();
    const server = createServer();
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(port, '0.0.0.0', () => done());
    });
    await new Promise<void>((done) => server.close(() => done()));
  });

  it('never hands the same port out twice, even to starts running at once', async () => {
    const ports = await Promise.all(Array.from({ length: 40 }, () => freePort()));
    expect(new Set(ports).size).toBe(40);
  });
});

describe('claimPort', () => {
  const claimFile = (port: number) => join(tmpdir(), 'labeldesk-test-ports', String(port));

  it('claims the port it hands out for this process, so the port is not claimed again', async () => {
    const port = await freePort();
    expect(readFileSync(claimFile(port), 'utf8')).toBe(String(process.pid));
    expect(claimPort(port)).toBe(false);
  });

  it('leaves a port another live process has claimed', async () => {
    const port = await freePort();
    writeFileSync(claimFile(port), String(process.ppid));
    expect(claimPort(port)).toBe(false);
    expect(readFileSync(claimFile(port), 'utf8')).toBe(String(process.ppid));
  });

  it('takes over the claim of a process that has ended', async () => {
    const port = await freePort();
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(claimFile(port), String(ended));
    expect(claimPort(port)).toBe(true);
    expect(readFileSync(claimFile(port), 'utf8')).toBe(String(process.pid));
  });
});

describe('lostItsPort', () => {
  it('recognises a listen that failed because the port was taken', () => {
    expect(lostItsPort('Error: listen EADDRINUSE: address already in use 0.0.0.0:34341')).toBe(true);
    expect(lostItsPort('Error: connect ECONNREFUSED 127.0.0.1:5432')).toBe(false);
  });
});
