// The local sandbox's magic values that apply to one operation (src/sandbox/domain/magic.ts),
// for the hover while the local sandbox is the environment.

import { magicTable, PERSONA_MOBILE, PERSONA_PASSCODE } from '../../sandbox/reference';

export interface MagicLine {
  value: string;
  description: string;
}

/** The magic values of the operation (by its operationId), and whether X-Sandbox-Outcome applies. */
export function magicFor(operationId: string): { values: MagicLine[]; outcomeHeader?: { name: string; values: string[] } } {
  const table = magicTable();
  const airtime = table.mobiles.filter((magic) => magic.outcome.startsWith('airtime-'));
  const personas = table.mobiles.filter((magic) => !magic.outcome.startsWith('airtime-'));
  const pick = (list: { value: string; description: string }[]) => list.map(({ value, description }) => ({ value, description }));
  switch (operationId) {
    case 'transferToBank':
      return { values: pick([...table.accounts, ...table.amounts]), outcomeHeader: table.outcomeHeader };
    case 'transferToPhone':
      return { values: pick([...personas, ...table.amounts]), outcomeHeader: table.outcomeHeader };
    case 'buyAirtime':
      return { values: pick([...airtime, ...table.amounts]), outcomeHeader: table.outcomeHeader };
    case 'verifyBankAccount':
      return { values: pick(table.accounts) };
    case 'queryBvn':
      return { values: pick(table.bvns) };
    case 'validateUser':
      return { values: pick(personas) };
    case 'sendOrVerifyOtp':
      return { values: [{ value: PERSONA_MOBILE, description: `Demo wallet: its passcode is always ${PERSONA_PASSCODE}.` }] };
    default:
      return { values: [] };
  }
}
