// `npm test`: every project's unit and contract tests in one jest run.
module.exports = {
  // A unit test answers in milliseconds on a quiet machine; on a busy one (CI's two cores, three jobs side by side) the
  // same work can take seconds. The limit is there to end a test that hangs, not to time one that is slow.
  testTimeout: 30_000,
  projects: ['<rootDir>/libs/*/jest.config.js', '<rootDir>/services/*/jest.config.js', '<rootDir>/gateway/jest.config.js', '<rootDir>/web/jest.config.js', '<rootDir>/deploy/jest.config.js', '<rootDir>/scripts/jest.config.js'],
};
