// CI runs the browser tests of the two modes side by side (.ci/run). With E2E_FILE_ORDER=reversed one run takes the
// files in the opposite order, so the heaviest moments of the two runs (the 10,000-row CSV of bulk-order, which also
// measures its own speed) never fall together on the two cores. Every file makes its own users, so order is free.
const Sequencer = require('@jest/test-sequencer').default;

module.exports = class FileOrder extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests);
    return process.env['E2E_FILE_ORDER'] === 'reversed' ? [...sorted].reverse() : sorted;
  }
};
