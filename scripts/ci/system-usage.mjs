// What the integration tests cost, per test file: the systems each started (libs/testing system-usage.ts, one JSON
// line per system) and the test process's own CPU (test-file-usage.setup.ts, one line per file), written with
// SYSTEM_USAGE_LOG set; .ci/run prints this after the integration stage. It only reports: where CI's integration
// minutes go is read here, not judged.
import { existsSync, readFileSync } from 'node:fs';

/** Per file: systems started (embedded, distributed), seconds to healthy, the systems' and the test's CPU seconds, and how long the file ran. */
export const usageByFile = (lines) => {
  const files = new Map();
  for (const line of lines) {
    if (line.trim() === '') continue;
    const usage = JSON.parse(line);
    const file = files.get(usage.file) ?? { file: usage.file, embedded: 0, distributed: 0, startSeconds: 0, systemCpuSeconds: 0, testCpuSeconds: 0, seconds: 0 };
    if (usage.kind === 'test') {
      file.testCpuSeconds += usage.cpuSeconds;
      file.seconds += usage.lifeSeconds;
    } else {
      file[usage.kind] += 1;
      file.startSeconds += usage.startSeconds;
      file.systemCpuSeconds += usage.cpuSeconds;
    }
    files.set(usage.file, file);
  }
  return [...files.values()].sort((a, b) => b.systemCpuSeconds + b.testCpuSeconds - (a.systemCpuSeconds + a.testCpuSeconds));
};

const round = (n, width) => n.toFixed(0).padStart(width);

/** The report's lines: the totals, then the files that used the most CPU. */
export const report = (files, shown = 30) => {
  const sum = (pick) => files.reduce((total, f) => total + pick(f), 0);
  const lines = [
    `systems started: ${sum((f) => f.embedded)} embedded, ${sum((f) => f.distributed)} distributed; CPU seconds: systems ${round(sum((f) => f.systemCpuSeconds), 0)}, test processes ${round(sum((f) => f.testCpuSeconds), 0)}; file seconds ${round(sum((f) => f.seconds), 0)}`,
    '  system CPU   test CPU   file s  start s  systems (e/d)  file',
  ];
  for (const f of files.slice(0, shown)) {
    lines.push(`${round(f.systemCpuSeconds, 12)} ${round(f.testCpuSeconds, 10)} ${round(f.seconds, 8)} ${round(f.startSeconds, 8)}  ${`${f.embedded}/${f.distributed}`.padStart(13)}  ${f.file}`);
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
