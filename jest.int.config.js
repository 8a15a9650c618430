// `npm run test:int`: integration tests against a real PostgreSQL and NATS (see .ci/run for the servers).
module.exports = {
  ...require('./jest.preset'),
  displayName: 'integration',
  rootDir: __dirname,
  testMatch: ['<rootDir>/{libs,services,gateway}/**/*.int-spec.ts'],
  // The system tests start the built services: run `npm run build` first.
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  testTimeout: 60_000,
};
