// Jest runs its globalSetup and globalTeardown in one process: this stops the sandbox that one started.
module.exports = require('./sandbox-cli.cjs').stop;
