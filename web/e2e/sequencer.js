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
 * Seconds per file in a browser run of CI: the clean-clone run of 2026-11-30 07:20 (c246144f, each file in the mode
 * this split gave it; the accessibility sweep whole). A file not listed counts as a typical one.
 */
const SECONDS = {
  'accessibility.e2e-spec.ts': 118,
  'label-lifecycle.e2e-spec.ts': 75,
  'bulk-order.e2e-spec.ts': 57,
  'navigation.e2e-spec.ts': 57,
  'admin-users.e2e-spec.ts': 48,
  'shipping-day-forms.e2e-spec.ts': 39,
  'bulk-retry.e2e-spec.ts': 34,
  'easypost-purchase.e2e-spec.ts': 34,
  'admin-services.e2e-spec.ts': 32,
  'admin-screens.e2e-spec.ts': 27,
  'two-factor.e2e-spec.ts': 27,
  'bulk-widget-reload.e2e-spec.ts': 26,
  'already-shipped.e2e-spec.ts': 25,
  'api-docs.e2e-spec.ts': 25,
  'country-group-prices.e2e-spec.ts': 24,
  'new-customer.e2e-spec.ts': 24,
  'pricing-modes.e2e-spec.ts': 24,
  'admin-two-factor.e2e-spec.ts': 23,
  'referral-bonus.e2e-spec.ts': 23,
  'tracking-emails.e2e-spec.ts': 23,
  'admin-records.e2e-spec.ts': 22,
  'orders-search.e2e-spec.ts': 21,
  'return-labels.e2e-spec.ts': 21,
  'batch-orders.e2e-spec.ts': 20,
  'letter-labels.e2e-spec.ts': 19,
  'invites.e2e-spec.ts': 18,
  'webhooks.e2e-spec.ts': 18,
  'address-checks.e2e-spec.ts': 17,
  'insurance-claims.e2e-spec.ts': 17,
  'shopify-connect.e2e-spec.ts': 17,
  'label-purchase.e2e-spec.ts': 16,
  'login-as.e2e-spec.ts': 16,
  'shopify-multi-item.e2e-spec.ts': 16,
  'zip-leading-zero.e2e-spec.ts': 16,
  'api-keys.e2e-spec.ts': 15,
  'public-tracking.e2e-spec.ts': 15,
  'landing.e2e-spec.ts': 14,
  'zpl-labels.e2e-spec.ts': 14,
  'auth.e2e-spec.ts': 13,
  'csv-mapping.e2e-spec.ts': 13,
  'label-pending.e2e-spec.ts': 13,
  'monthly-statement.e2e-spec.ts': 13,
  'package-presets.e2e-spec.ts': 13,
  'password-reset.e2e-spec.ts': 13,
  'reports.e2e-spec.ts': 13,
  'sku-weights.e2e-spec.ts': 13,
  'bulk-rate-rules.e2e-spec.ts': 12,
  'international-label.e2e-spec.ts': 12,
  'account.e2e-spec.ts': 11,
  'admin-access.e2e-spec.ts': 11,
  'rate-comparison.e2e-spec.ts': 11,
  'admin-reports.e2e-spec.ts': 10,
  'top-up.e2e-spec.ts': 10,
  'bulk-international.e2e-spec.ts': 9,
  'store-inbox.e2e-spec.ts': 8,
  'stores.e2e-spec.ts': 8,
  'text-on-one-line.e2e-spec.ts': 6,
  // An estimate until a CI run measures it: a key made on the Account page, two labels bought, the list seen three times.
  'test-mode.e2e-spec.ts': 20,
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
