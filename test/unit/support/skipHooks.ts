// Mocha root hook (loaded by .mocharc.json): the run ends with every skip and its reason.

import { skipReport } from './skips';

export const mochaHooks = {
  afterAll(): void {
    console.log(`\n${skipReport()}\n`);
  },
};
