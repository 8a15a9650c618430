// The Kubernetes manifests' rules and schemas, read from the YAML files (no kubectl needed: npm test uses none).
const preset = require('../jest.preset');

module.exports = {
  ...preset,
  displayName: 'deploy',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.spec.ts'],
};
