// The Kubernetes manifests' rules and schemas, read from the YAML files (no kubectl needed: npm test uses none).
const preset = require('../jest.preset');

module.exports = {
  ...preset,
  displayName: 'deploy',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.spec.ts'],
  // kubernetes-models ships ES modules only (an "import"-only exports map): point at its files and let swc turn them
  // into CommonJS like our own sources.
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '^kubernetes-models/(.*)$': '<rootDir>/../node_modules/kubernetes-models/$1.js',
    '^@kubernetes-models/([a-z-]+)$': '<rootDir>/../node_modules/@kubernetes-models/$1/dist/index.js',
    '^@kubernetes-models/apimachinery/(.*)$': '<rootDir>/../node_modules/@kubernetes-models/apimachinery/$1.js',
  },
  // and the few ES-only packages they import (the validators' format checks).
  transformIgnorePatterns: ['/node_modules/(?!(kubernetes-models|@kubernetes-models|is-cidr|cidr-regex|ip-regex|ajv-formats-draft2019|smtp-address-parser|schemes|punycode|uri-js)/)'],
};
