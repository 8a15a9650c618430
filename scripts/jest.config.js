// The benchmark tools' own parts that decide what a number means (the load generator's HTTP client), as plain ES
// modules: no transform, run under the VM modules npm test enables.
module.exports = {
  displayName: 'scripts',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.spec.mjs'],
  transform: {},
};
