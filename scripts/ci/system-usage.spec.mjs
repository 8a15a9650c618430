import { report, usageByFile } from './system-usage.mjs';

const line = (usage) => JSON.stringify({ file: 'gateway/test/a.int-spec.ts', kind: 'distributed', processes: 6, startSeconds: 10, lifeSeconds: 60, cpuSeconds: 20, ...usage });

describe("the integration systems' cost per test file", () => {
  it('sums every system a file started and lists the costliest file first', () => {
    const files = usageByFile([
      line({}),
      line({ kind: 'embedded', processes: 1, startSeconds: 4, cpuSeconds: 8 }),
      line({ file: 'services/orders/test/b.int-spec.ts', cpuSeconds: 50 }),
      '',
    ]);
    expect(files).toEqual([
      { file: 'services/orders/test/b.int-spec.ts', embedded: 0, distributed: 1, processes: 6, startSeconds: 10, cpuSeconds: 50 },
      { file: 'gateway/test/a.int-spec.ts', embedded: 1, distributed: 1, processes: 7, startSeconds: 14, cpuSeconds: 28 },
    ]);
  });

  it('reports the totals first', () => {
    const lines = report(usageByFile([line({}), line({ file: 'x.int-spec.ts', kind: 'embedded', processes: 1, cpuSeconds: 5 })]));
    expect(lines[0]).toBe('systems started: 1 embedded, 1 distributed (7 processes); their CPU: 25 s');
    expect(lines[2]).toContain('gateway/test/a.int-spec.ts');
  });
});
