module.exports = { ...require('../../jest.preset'), displayName: 'address', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts'] };
