// Unit tests of the web app's pure modules (parsers, validation): node only, no DOM, no React.
module.exports = { ...require('../jest.preset'), displayName: 'web', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts'] };
