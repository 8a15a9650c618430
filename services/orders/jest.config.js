module.exports = { ...require('../../jest.preset'), displayName: 'orders', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts'] };
