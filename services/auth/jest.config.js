module.exports = { ...require('../../jest.preset'), displayName: 'auth', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts'] };
