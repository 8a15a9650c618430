module.exports = { ...require('../jest.preset'), displayName: 'gateway', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts'] };
