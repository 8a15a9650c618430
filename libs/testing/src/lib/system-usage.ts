import type { ChildProcess } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

/**
 * What each system a test started cost the machine, for finding where CI's integration minutes go (issue 44): with
 * SYSTEM_USAGE_LOG set, every system appends one JSON line when it stops — the test file that started it, its kind,
 * its processes, how long it took to become healthy, how long it ran, and the CPU seconds its processes used
 * (`scripts/ci/system-usage.mjs` sums them per file). Nothing is written when the variable is unset.
 */
export interface SystemUsage {
  file: string;
  /** A system of either mode, or the test process itself (test-file-usage.setup.ts). */
  kind: 'embedded' | 'distributed' | 'test';
  processes: number;
  startSeconds: number;
  lifeSeconds: number;
  cpuSeconds: number;
}

/** Linux's USER_HZ, the unit of /proc's CPU times: 100 on every architecture the project runs on. */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) the process has used so far; 0 when it has gone or /proc is not there. */
const cpuSecondsOf = (pid: number | undefined): number => {
  if (pid === undefined) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: the fields after it start two characters past its closing bracket.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
};

/** The test file running now (jest's), relative to the repository; the script's path outside jest. */
export const currentTestFile = (root: string): string => {
  const jestExpect = (globalThis as { expect?: { getState?: () => { testPath?: string } } }).expect;
  const path = jestExpect?.getState?.().testPath ?? process.argv[1] ?? 'unknown';
  return relative(root, path);
};

/** Appends one line to SYSTEM_USAGE_LOG; nothing when the variable is unset. */
export const recordUsage = (usage: SystemUsage): void => {
  const log = process.env['SYSTEM_USAGE_LOG'];
  if (log) appendFileSync(log, `${JSON.stringify(usage)}\n`);
};

/** Measures one system: call `started()` once it is healthy and `stopping(processes)` before its processes are stopped. */
export const systemUsage = (root: string, kind: Exclude<SystemUsage['kind'], 'test'>) => {
  const file = currentTestFile(root);
  const began = Date.now();
  let healthyAt = began;
  /** CPU of processes that ended before the system stopped (a killed or restarted replica), read as they went. */
  let cpuOfGone = 0;
  return {
    started: () => {
      healthyAt = Date.now();
    },
    /** Reads a replica's CPU just before it is killed or restarted, so its seconds are not lost. */
    leaving: (child: ChildProcess) => {
      cpuOfGone += cpuSecondsOf(child.pid);
    },
    stopping: (processes: readonly ChildProcess[]) => {
      if (!process.env['SYSTEM_USAGE_LOG']) return;
      const cpuSeconds = cpuOfGone + processes.reduce((sum, child) => sum + cpuSecondsOf(child.pid), 0);
      recordUsage({
        file,
        kind,
        processes: processes.length,
        startSeconds: (healthyAt - began) / 1000,
        lifeSeconds: (Date.now() - began) / 1000,
        cpuSeconds: Math.round(cpuSeconds * 100) / 100,
      });
    },
  };
};
