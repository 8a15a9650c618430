module.exports = { ...require('../../jest.preset'), displayName: 'pricing', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts'] };
