// Shared by every project's jest config: TypeScript through swc (with decorator metadata for Nest),
// and workspace libs resolved to their sources so tests never depend on a build.
const path = require('node:path');
const fs = require('node:fs');

const swcrc = JSON.parse(fs.readFileSync(path.join(__dirname, '.swcrc'), 'utf8'));
delete swcrc.$schema;

module.exports = {
  testEnvironment: 'node',
  // Compiles each module once per worker, not once per test file (jest.runtime.js, decision 129).
  runtime: path.join(__dirname, 'jest.runtime.js'),
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { ...swcrc, swcrc: false }] },
  // @nestjs/jwt ships ES modules only: Node (>= 20.19) requires them as they are, jest's CommonJS runtime on Node 20
  // cannot, so swc turns that one package into CommonJS here. So do otplib's base32 and hash packages (ES modules only).
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs/jwt|@scure/base|@noble/hashes|@otplib/[^/]+/node_modules/@noble/hashes)/)'],
  moduleNameMapper: {
    '^@labeldesk/([a-z-]+)$': path.join(__dirname, 'libs/$1/src/index.ts'),
    '^@labeldesk/([a-z-]+)/testing$': path.join(__dirname, 'libs/$1/src/testing/index.ts'),
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
};
