module.exports = { ...require('../../jest.preset'), displayName: 'payments', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'] };
