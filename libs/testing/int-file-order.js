// The integration tests' file order (jest.int.config.js): longest first, so that the two workers end together.
// Jest itself orders by the time each file took last run when its cache has it, and by file size when it does not
// (a fresh CI machine). Size says little here: a 50 kB repository test takes seconds, a 2 kB system test minutes (its
// suites live in gateway/test/support). Without timings, the files known to take longest go first (CI's int.json
// shows each file's seconds), then the other system tests (gateway/test: each starts whole systems), then the rest.
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

// Ordering by seconds alone, or alternating the long files that mostly wait for timers (stores, EasyPost's lifecycle,
// return labels) with busy ones, left the cores no less idle (docs/benchmarks.md, CI): this order stays.
const LONGEST = [
  'gateway/test/distributed-mode.int-spec.ts',
  'gateway/test/carrier-rate-limited-batch.int-spec.ts',
  'gateway/test/bulk-reliability.int-spec.ts',
  'gateway/test/easypost-lifecycle.int-spec.ts',
  'gateway/test/rolling-restart.int-spec.ts',
  'gateway/test/api-keys.int-spec.ts',
  'gateway/test/embedded-mode.int-spec.ts',
  // Ten suites on one system per mode, SCAN forms' among them (decision 130).
  'gateway/test/default-settings.int-spec.ts',
  'gateway/test/carrier-flows.int-spec.ts',
  'gateway/test/two-factor.int-spec.ts',
  'gateway/test/label-lifecycle.int-spec.ts',
  'services/payments/test/ledger-random.int-spec.ts',
  'gateway/test/caller-cache.int-spec.ts',
  'gateway/test/carrier-failover.int-spec.ts',
  'gateway/test/carrier-buys-killed.int-spec.ts',
  'gateway/test/login-as.int-spec.ts',
];
const root = path.resolve(__dirname, '../..');
const rank = (test) => {
  const file = path.relative(root, test.path).split(path.sep).join('/');
  const known = LONGEST.indexOf(file);
  if (known >= 0) return known;
  return file.startsWith('gateway/test/') ? LONGEST.length : LONGEST.length + 1;
};

module.exports = class LongestFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    // With every file's time in jest's cache, its own order is the longest-first one.
    if (sorted.every((test) => test.duration != null)) return sorted;
    // Array.prototype.sort is stable: within a rank, jest's order stays.
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
};
