// What the integration tests' systems cost, per test file (libs/testing system-usage.ts writes one JSON line per
// system with SYSTEM_USAGE_LOG set; .ci/run prints this after the integration stage). It only reports: where CI's
// integration minutes go is read here, not judged.
import { existsSync, readFileSync } from 'node:fs';

/** Per file: systems started (embedded, distributed), their processes, seconds to healthy and CPU seconds used. */
export const usageByFile = (lines) => {
  const files = new Map();
  for (const line of lines) {
    if (line.trim() === '') continue;
    const usage = JSON.parse(line);
    const file = files.get(usage.file) ?? { file: usage.file, embedded: 0, distributed: 0, processes: 0, startSeconds: 0, cpuSeconds: 0 };
    file[usage.kind] += 1;
    file.processes += usage.processes;
    file.startSeconds += usage.startSeconds;
    file.cpuSeconds += usage.cpuSeconds;
    files.set(usage.file, file);
  }
  return [...files.values()].sort((a, b) => b.cpuSeconds - a.cpuSeconds);
};

/** The report's lines: the totals, then the files whose systems used the most CPU. */
export const report = (files, shown = 25) => {
  const total = files.reduce(
    (sum, f) => ({ embedded: sum.embedded + f.embedded, distributed: sum.distributed + f.distributed, processes: sum.processes + f.processes, cpuSeconds: sum.cpuSeconds + f.cpuSeconds }),
    { embedded: 0, distributed: 0, processes: 0, cpuSeconds: 0 },
  );
  const lines = [
    `systems started: ${total.embedded} embedded, ${total.distributed} distributed (${total.processes} processes); their CPU: ${total.cpuSeconds.toFixed(0)} s`,
    '   CPU s  start s  systems (e/d)  file',
  ];
  for (const f of files.slice(0, shown)) {
    lines.push(`${f.cpuSeconds.toFixed(0).padStart(8)} ${f.startSeconds.toFixed(0).padStart(8)}  ${`${f.embedded}/${f.distributed}`.padStart(13)}  ${f.file}`);
  }
  return lines;
};

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const path = process.argv[2];
  if (!path || !existsSync(path)) {
    console.log('no system usage recorded');
  } else {
    for (const line of report(usageByFile(readFileSync(path, 'utf8').split('\n')))) console.log(line);
  }
}
