import { createRequire } from 'node:module';

// The browser tests' split between CI's two runs (web/e2e/sequencer.js, decision 114): every file runs exactly once.
const { split } = createRequire(import.meta.url)('../../web/e2e/sequencer.js');

const file = (name) => ({ path: `/repo/web/e2e/${name}` });

describe("the browser tests' split between the two modes", () => {
  const names = ['accessibility.e2e-spec.ts', 'bulk-order.e2e-spec.ts', 'auth.e2e-spec.ts', 'landing.e2e-spec.ts', 'a-new-flow.e2e-spec.ts', 'top-up.e2e-spec.ts', 'webhooks.e2e-spec.ts'];

  it('gives every file to exactly one run', () => {
    const runs = split(names.map(file), 2);
    const given = runs.flatMap((run) => run.tests.map((test) => test.path));
    expect(given.sort()).toEqual(names.map((name) => file(name).path).sort());
  });

  it('splits the same files the same way whatever order they come in', () => {
    const forward = split(names.map(file), 2).map((run) => run.tests.map((test) => test.path).sort());
    const backward = split([...names].reverse().map(file), 2).map((run) => run.tests.map((test) => test.path).sort());
    expect(backward).toEqual(forward);
  });

  it('keeps the two runs within one file of each other in seconds', () => {
    const runs = split(names.map(file), 2);
    const [a, b] = runs.map((run) => run.seconds);
    const heaviest = Math.max(...runs.flatMap((run) => run.tests).map((test) => split([test], 1)[0].seconds));
    expect(Math.abs(a - b)).toBeLessThanOrEqual(heaviest);
  });
});
