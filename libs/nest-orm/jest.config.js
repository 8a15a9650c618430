module.exports = { ...require('../../jest.preset'), displayName: 'nest-orm', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts'] };
