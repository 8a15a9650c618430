module.exports = { ...require('../../jest.preset'), displayName: 'nest-transport', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts'] };
