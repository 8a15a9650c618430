module.exports = { ...require('../../jest.preset'), displayName: 'nest-service', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts'] };
