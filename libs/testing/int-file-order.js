// The integration tests' file order (jest.int.config.js): longest first, so that the two workers end together, and a
// file that mostly waits beside one that keeps the cores busy.
// Jest itself orders by the time each file took last run when its cache has it, and by file size when it does not
// (a fresh CI machine). Size says little here: a 50 kB repository test takes seconds, a 2 kB system test minutes (its
// suites live in gateway/test/support). Without timings, the files known to take longest go first (CI's int.json
// shows each file's seconds), then the other system tests (gateway/test: each starts whole systems), then the rest.
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

// By the seconds each file took in the clean-clone CI of 2026-11-30 17:29 (d52189ed) and the CPU its systems and
// process used meanwhile. Some files mostly wait (a store's sync rounds, EasyPost's refund rounds, the sandbox's scans:
// 0.2-0.6 CPU-s a second) and some keep more than a core busy (several processes starting, replicas: 0.8-1.2). Two
// waiting files side by side left both cores idle for minutes (55-69 % idle, 17:36-17:38, when the four longest
// waiting files came first), so the order alternates one long waiting file with about as many seconds of busy ones,
// longest first in each kind: whichever worker is free takes the next, and a waiting file mostly runs beside a busy one.
const LONGEST = [
  'gateway/test/stores.int-spec.ts', // waits, 115 s
  'gateway/test/carrier-flows.int-spec.ts', // busy, 67 s
  'gateway/test/bulk-reliability.int-spec.ts', // busy, 64 s
  'gateway/test/easypost-lifecycle.int-spec.ts', // waits, 92 s
  'gateway/test/rolling-restart.int-spec.ts',
  'gateway/test/distributed-mode.int-spec.ts',
  // Ten suites on one system per mode, SCAN forms' among them (decision 130); waits, 82 s.
  'gateway/test/default-settings.int-spec.ts',
  'gateway/test/api-keys.int-spec.ts',
  'gateway/test/embedded-mode.int-spec.ts',
  'gateway/test/return-labels.int-spec.ts', // waits, 78 s
  // Insurance claims and test-mode batches on one system per mode (decision 130's later merges).
  'gateway/test/test-mode-batches.int-spec.ts',
  'gateway/test/two-factor.int-spec.ts',
  'gateway/test/label-lifecycle.int-spec.ts', // waits, 49 s
  'gateway/test/caller-cache.int-spec.ts',
  'gateway/test/carrier-buys-killed.int-spec.ts', // waits, 46 s
  'services/payments/test/ledger-random.int-spec.ts',
  'gateway/test/tracking-emails.int-spec.ts', // waits, 43 s
  'gateway/test/return-labels-easypost.int-spec.ts',
  'gateway/test/carrier-failover.int-spec.ts', // waits, 40 s
  'gateway/test/admin-reports.int-spec.ts',
  'gateway/test/carrier-rate-limited-batch.int-spec.ts', // waits, 37 s
  'gateway/test/admin-powers.int-spec.ts',
  'gateway/test/label-reliability.int-spec.ts', // waits, 31 s
  'gateway/test/webhooks.int-spec.ts',
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
