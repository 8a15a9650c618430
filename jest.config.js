// `npm test`: every project's unit and contract tests in one jest run.
module.exports = {
  projects: ['<rootDir>/libs/*/jest.config.js', '<rootDir>/services/*/jest.config.js', '<rootDir>/gateway/jest.config.js', '<rootDir>/web/jest.config.js', '<rootDir>/deploy/jest.config.js', '<rootDir>/scripts/jest.config.js'],
};
