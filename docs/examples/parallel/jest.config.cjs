// `npx jest --config parallel/jest.config.cjs`: the test files run at once in worker processes,
// against one sandbox the globalSetup starts.
module.exports = {
  rootDir: '..',
  testMatch: ['<rootDir>/parallel/jest/*.test.js'],
  maxWorkers: 2,
  globalSetup: '<rootDir>/parallel/sandbox-cli.cjs',
  globalTeardown: '<rootDir>/parallel/jest-teardown.cjs',
};
