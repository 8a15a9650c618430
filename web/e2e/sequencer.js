// CI runs the browser tests in two runs side by side (.ci/run), one against the embedded mode and one against the
// distributed mode, and each file runs in one of them (`--shard=1/2` and `--shard=2/2`, decision 114): the web app is
// the same bundle in both, and every behaviour behind it runs in both modes in the integration tests.
//
// The files are split so the two runs end together: longest first, each to the run with less work so far, by the
// seconds each file took in a CI run (SECONDS below; a file not listed counts as a typical one). The split depends on
// the file names only, so a file always runs in the same mode until the table changes.
//
// With E2E_FILE_ORDER=reversed a run takes its files in the opposite order, so the heaviest moments of the two runs
// (the 10,000-row CSV of bulk-order, which also measures its own speed) do not fall together on the two cores.
// Every file makes its own users, so order is free.
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

/**
 * Seconds per file in a browser run of CI, for the files far from typical. First figures (2026-11-30): the whole
 * accessibility sweep from decision 093's two halves (61 + 102 s), the others from what they do (a 10,000-row batch,
 * a label's lifecycle with its 20 s manifest, a system of the spec's own to start); to be replaced by measured ones.
 */
const SECONDS = {
  'accessibility.e2e-spec.ts': 160,
  'bulk-order.e2e-spec.ts': 90,
  'label-lifecycle.e2e-spec.ts': 80,
  'easypost-purchase.e2e-spec.ts': 60,
  'bulk-retry.e2e-spec.ts': 40,
  'admin-two-factor.e2e-spec.ts': 40,
  'bulk-widget-reload.e2e-spec.ts': 35,
};
const TYPICAL_SECONDS = 20;

const nameOf = (test) => path.basename(test.path);
const secondsOf = (test) => SECONDS[nameOf(test)] ?? TYPICAL_SECONDS;

/** The files of each run: longest first to the run with fewer seconds so far (ties by name, so the split is stable). */
const split = (tests, count) => {
  const runs = Array.from({ length: count }, () => ({ seconds: 0, tests: [] }));
  const ordered = [...tests].sort((a, b) => secondsOf(b) - secondsOf(a) || nameOf(a).localeCompare(nameOf(b)));
  for (const test of ordered) {
    const lightest = runs.reduce((best, run) => (run.seconds < best.seconds ? run : best));
    lightest.tests.push(test);
    lightest.seconds += secondsOf(test);
  }
  return runs;
};

module.exports = class FileOrder extends Sequencer {
  shard(tests, { shardIndex, shardCount }) {
    return split(tests, shardCount)[shardIndex - 1].tests;
  }

  async sort(tests) {
    const sorted = await super.sort(tests);
    return process.env['E2E_FILE_ORDER'] === 'reversed' ? [...sorted].reverse() : sorted;
  }
};

module.exports.split = split;
