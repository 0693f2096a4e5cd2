// What every generated handler says about a bank transfer's statusCode: the product's one voice on
// pending money (src/common/moneyWords.ts), as comment lines of the handler's language.

import { commentLines, MONEY_WORDS } from '../../common/moneyWords';

/** The note as comment lines, each starting with `prefix` (`  // `, `    # `, `\t// `). */
export const statusCodeNote = (prefix: string): string =>
  commentLines(`The statusCode of a BANK_TRANSFER event: ${MONEY_WORDS.statusCodes}. ${MONEY_WORDS.pending}`, prefix);
