import { listOf, numberAtLeast, oneOf, parseOptions } from './cli-options.mjs';

const FLAGS = { '--rate': ['rate', numberAtLeast(1)], '--mode': ['mode', oneOf(['a', 'b'])], '--only': ['only', listOf(['x', 'y'])], '--runs': ['runs', numberAtLeast(1, { whole: true })] };
const DEFAULTS = { rate: 50, mode: 'a', only: ['x', 'y'], runs: 1 };

describe("a benchmark's options", () => {
  it('reads `--flag value` and `--flag=value` over the defaults', () => {
    expect(parseOptions(['--rate', '20', '--mode=b', '--only', 'y'], DEFAULTS, FLAGS, '')).toEqual({ rate: 20, mode: 'b', only: ['y'], runs: 1 });
  });

  it('refuses an unknown flag, a flag without its value, and values out of range by name', () => {
    expect(() => parseOptions(['--speed', '3'], DEFAULTS, FLAGS, '')).toThrow('unknown option --speed');
    expect(() => parseOptions(['--rate'], DEFAULTS, FLAGS, '')).toThrow('--rate needs a value');
    expect(() => parseOptions(['--rate', '0'], DEFAULTS, FLAGS, '')).toThrow('--rate must be a number ≥ 1, got 0');
    expect(() => parseOptions(['--runs', '1.5'], DEFAULTS, FLAGS, '')).toThrow('--runs must be a whole number ≥ 1');
    expect(() => parseOptions(['--mode', 'c'], DEFAULTS, FLAGS, '')).toThrow('--mode must be one of a, b, got c');
    expect(() => parseOptions(['--only', 'x,z'], DEFAULTS, FLAGS, '')).toThrow('--only: unknown z');
  });
});
