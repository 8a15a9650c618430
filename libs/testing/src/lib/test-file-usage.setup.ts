import { resolve } from 'node:path';
import { currentTestFile, recordUsage } from './system-usage';

// The test process's own share of an integration file's cost (jest.int.config.js runs this before each file): with
// SYSTEM_USAGE_LOG set, the CPU seconds the jest worker spent on the file — loading it, making requests, reading PDFs
// — beside the systems' lines of system-usage.ts. A jest worker runs one file at a time, so the difference of its CPU
// usage between the file's first and last moment is the file's.
if (process.env['SYSTEM_USAGE_LOG']) {
  const root = resolve(__dirname, '../../../..');
  const began = process.cpuUsage();
  const beganAt = Date.now();
  afterAll(() => {
    const used = process.cpuUsage(began);
    const cpuSeconds = Math.round((used.user + used.system) / 10_000) / 100;
    recordUsage({ file: currentTestFile(root), kind: 'test', processes: 1, startSeconds: 0, lifeSeconds: (Date.now() - beganAt) / 1000, cpuSeconds });
  });
}
