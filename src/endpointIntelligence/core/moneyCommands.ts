// The money-moving operations: a CodeLens never sends them, it opens their Send command, which
// asks, shows the amount and recipient, and confirms as every money command does.

import { COMMANDS } from '../../common/commandIds';

/** The Send command of each money-moving operation (by operationId). */
export const MONEY_COMMANDS: Readonly<Record<string, string>> = {
  transferToPhone: COMMANDS.sendToPhone,
  transferToBank: COMMANDS.sendToBank,
  buyAirtime: COMMANDS.buyAirtime,
};
