module.exports = { ...require('../../jest.preset'), displayName: 'nest-config', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts'] };
