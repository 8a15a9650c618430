// Browser tests of the web app's user flows. They drive a running server (started by CI, not by the tests):
// E2E_BASE_URL is required; E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD name a seeded admin.
module.exports = {
  ...require('../../jest.preset'),
  displayName: 'web-e2e',
  rootDir: __dirname,
  testMatch: ['**/*.e2e-spec.ts'],
  testTimeout: 60000,
  testSequencer: '<rootDir>/sequencer.js',
};
