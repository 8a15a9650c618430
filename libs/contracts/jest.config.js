module.exports = { ...require('../../jest.preset'), displayName: 'contracts', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts'] };
