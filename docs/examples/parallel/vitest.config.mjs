// `npx vitest run --config parallel/vitest.config.mjs`: the test files run at once in worker
// threads, against one sandbox the globalSetup starts.
export default {
  test: {
    pool: 'threads',
    globalSetup: ['./parallel/sandbox-cli.cjs'],
    include: ['parallel/vitest/*.test.mjs'],
  },
};
