import { report, usageByFile } from './system-usage.mjs';

const line = (usage) => JSON.stringify({ file: 'gateway/test/a.int-spec.ts', kind: 'distributed', processes: 6, startSeconds: 10, lifeSeconds: 60, cpuSeconds: 20, ...usage });

describe('what each integration test file cost', () => {
  it("sums every system a file started and the test process's own CPU, costliest file first", () => {
    const files = usageByFile([
      line({}),
      line({ kind: 'embedded', processes: 1, startSeconds: 4, cpuSeconds: 8 }),
      line({ kind: 'test', processes: 1, startSeconds: 0, lifeSeconds: 75, cpuSeconds: 12 }),
      line({ file: 'services/orders/test/b.int-spec.ts', cpuSeconds: 50 }),
      '',
    ]);
    expect(files).toEqual([
      { file: 'services/orders/test/b.int-spec.ts', embedded: 0, distributed: 1, startSeconds: 10, systemCpuSeconds: 50, testCpuSeconds: 0, seconds: 0 },
      { file: 'gateway/test/a.int-spec.ts', embedded: 1, distributed: 1, startSeconds: 14, systemCpuSeconds: 28, testCpuSeconds: 12, seconds: 75 },
    ]);
  });

  it('reports the totals first', () => {
    const lines = report(usageByFile([line({}), line({ kind: 'test', cpuSeconds: 7, lifeSeconds: 30 }), line({ file: 'x.int-spec.ts', kind: 'embedded', processes: 1, cpuSeconds: 5 })]));
    expect(lines[0]).toBe('systems started: 1 embedded, 1 distributed; CPU seconds: systems 25, test processes 7; file seconds 30');
    expect(lines[2]).toContain('gateway/test/a.int-spec.ts');
  });
});
