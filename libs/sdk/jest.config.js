module.exports = { ...require('../../jest.preset'), displayName: 'sdk', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts'] };
