import { verdict } from './test-summary.mjs';

const report = (tests) => ({
  numPassedTests: tests.filter((t) => t.status === 'passed').length,
  numFailedTests: tests.filter((t) => t.status === 'failed').length,
  numPendingTests: tests.filter((t) => t.status === 'pending').length,
  numTodoTests: tests.filter((t) => t.status === 'todo').length,
  numFailedTestSuites: 0,
  testResults: [{ name: '/repo/a.spec.ts', assertionResults: tests }],
});

describe('CI test summary', () => {
  it('passes when every test ran and passed', () => {
    const { ok, lines } = verdict([['unit.json', report([{ status: 'passed', fullName: 'a works' }])]]);
    expect(ok).toBe(true);
    expect(lines.at(-1)).toBe('1 passed, 0 failed');
  });

  it('fails on a skipped test and names it', () => {
    const { ok, lines } = verdict([['unit.json', report([{ status: 'passed', fullName: 'a' }, { status: 'pending', fullName: 'reads the PDF with qpdf' }])]]);
    expect(ok).toBe(false);
    expect(lines).toContain('  skipped: /repo/a.spec.ts: reads the PDF with qpdf');
    expect(lines.at(-1)).toBe('1 passed, 0 failed, 1 skipped');
  });

  it('fails on a to-do test', () => {
    expect(verdict([['unit.json', report([{ status: 'passed' }, { status: 'todo', fullName: 'later' }])]]).ok).toBe(false);
  });

  it('fails on a failed test, on a test file that could not run, and when nothing ran', () => {
    expect(verdict([['unit.json', report([{ status: 'failed' }])]]).ok).toBe(false);
    expect(verdict([['unit.json', { ...report([{ status: 'passed' }]), numFailedTestSuites: 1 }]]).ok).toBe(false);
    expect(verdict([['unit.json', report([])]]).ok).toBe(false);
  });

  it('adds up every report', () => {
    const { ok, lines } = verdict([['int.json', report([{ status: 'passed' }])], ['unit.json', report([{ status: 'passed' }, { status: 'passed' }])]]);
    expect(ok).toBe(true);
    expect(lines).toEqual(['int.json: 1 passed, 0 failed, 0 skipped', 'unit.json: 2 passed, 0 failed, 0 skipped', '3 passed, 0 failed']);
  });
});
