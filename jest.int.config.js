// `npm run test:int`: integration tests against a real PostgreSQL and NATS (see .ci/run for the servers), two files at
// a time. Files never meet: every database is made under a random name, every system has a NATS server of its own,
// ports are claimed machine-wide (libs/testing), and the tests on the shared NATS use subjects of their own.
module.exports = {
  ...require('./jest.preset'),
  displayName: 'integration',
  rootDir: __dirname,
  testMatch: ['<rootDir>/{libs,services,gateway}/**/*.int-spec.ts'],
  // The system tests start the built services: run `npm run build` first.
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  testTimeout: 60_000,
  // The empty PGlite cluster every embedded database of the tests starts from (libs/testing's pglite-template.ts).
  testSequencer: '<rootDir>/libs/testing/int-file-order.js',
  globalSetup: '<rootDir>/libs/testing/src/lib/pglite-template.global-setup.ts',
  // What each file's test process spent, beside its systems' costs, when SYSTEM_USAGE_LOG is set (.ci/run sets it).
  setupFilesAfterEnv: ['<rootDir>/libs/testing/src/lib/test-file-usage.setup.ts'],
};
