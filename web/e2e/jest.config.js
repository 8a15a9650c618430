// Browser tests of the web app's user flows. They drive a running server (started by CI, not by the tests):
// E2E_BASE_URL is required; E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD name a seeded admin. A spec needing a system
// configured otherwise (easypost-purchase: another carrier) starts its own from the builds with @labeldesk/testing
// (`npm run build` first), embedded or distributed as E2E_MODE says (default embedded).
// Jest's own runtime, not the preset's compile-once one (jest.runtime.js, decision 129): the browser tests spend their
// CPU in Chromium, not in compiling the test's modules, and they keep the runtime they have always run under.
const preset = { ...require('../../jest.preset') };
delete preset.runtime;

module.exports = {
  ...preset,
  displayName: 'web-e2e',
  rootDir: __dirname,
  testMatch: ['**/*.e2e-spec.ts'],
  testTimeout: 60000,
  testSequencer: '<rootDir>/sequencer.js',
};
