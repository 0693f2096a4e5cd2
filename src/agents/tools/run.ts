// Runs a tool by name for the extension and the MCP server alike: checks the input against the
// shared definition, refuses actions outside the local sandbox, says which environment
// answered, and turns failures into a sentence. Plain Node.

import * as v from 'valibot';
import { redactSecretShapes } from '../../masking/masking';
import * as actions from './actions';
import type { ToolContext } from './context';
import { TOOL_DEFINITIONS, toolKeyByName, type ToolInput, type ToolKey } from './definitions';
import * as reads from './reads';

export interface ToolResult {
  text: string;
  /** Nothing was done or read: refused, invalid input, or a failure. */
  isError: boolean;
}

type Handlers = { [K in ToolKey]: (ctx: ToolContext, input: ToolInput<K>) => Promise<string[]> | string[] };

const HANDLERS: Handlers = {
  balance: reads.balance,
  transactions: reads.transactions,
  transaction: reads.transaction,
  banks: reads.banks,
  verifyBankAccount: reads.verifyBankAccount,
  recentRequests: reads.recentRequests,
  webhookEvents: reads.webhookEvents,
  findings: reads.findings,
  bankTransfer: actions.bankTransfer,
  phoneTransfer: actions.phoneTransfer,
  airtime: actions.airtime,
  advanceClock: actions.advanceClock,
  injectFault: actions.injectFault,
  clearFaults: actions.clearFaults,
  redeliverEvent: actions.redeliverEvent,
  webhookDisorder: actions.webhookDisorder,
  resetWallet: actions.resetWallet,
};

export type CheckedInput = { ok: true; key: ToolKey; input: unknown } | { ok: false; message: string };

/** The tool and its input, checked against the shared definition. */
export function checkInput(name: string, raw: unknown): CheckedInput {
  const key = toolKeyByName(name);
  if (!key) return { ok: false, message: `There is no tool named ${name}.` };
  const parsed = v.safeParse(TOOL_DEFINITIONS[key].input, raw ?? {});
  if (parsed.success) return { ok: true, key, input: parsed.output };
  const problems = parsed.issues.map((issue) => {
    const field = v.getDotPath(issue);
    return field ? `${field}: ${issue.message}` : issue.message;
  });
  return { ok: false, message: `Invalid input for ${name}: ${problems.join('; ')}.` };
}

/** Why an action does not run here, or undefined when it may. */
export function refusal(key: ToolKey, ctx: ToolContext): string | undefined {
  const environment = ctx.environment();
  if (!TOOL_DEFINITIONS[key].action || environment.local) return undefined;
  const stakes = environment.live ? 'where wallets hold real money' : "which is the provider's shared test service";
  return (
    `Refused: ${TOOL_DEFINITIONS[key].name} changes the local sandbox only, and Wallet Console is on ${environment.label}, ${stakes}. ` +
    'Switch to the local sandbox (Wallet Console: Switch Environment) to use it.'
  );
}

export async function runTool(name: string, raw: unknown, ctx: ToolContext): Promise<ToolResult> {
  const checked = checkInput(name, raw);
  if (!checked.ok) return { text: checked.message, isError: true };
  const refused = refusal(checked.key, ctx);
  if (refused) return { text: refused, isError: true };
  const header = `Environment: ${ctx.environment().label}.`;
  const handler = HANDLERS[checked.key] as (ctx: ToolContext, input: unknown) => Promise<string[]> | string[];
  try {
    const lines = await handler(ctx, checked.input);
    return { text: redactSecretShapes([header, ...lines].join('\n')), isError: false };
  } catch (error) {
    return { text: redactSecretShapes(`${header}\n${failure(error)}`), isError: true };
  }
}

/** A lost money answer (`outcomeUnknown`) already says "Outcome unknown" and how to check; anything else failed. */
function failure(error: unknown): string {
  const message = error instanceof Error && error.message ? error.message : String(error);
  if ((error as { outcomeUnknown?: unknown } | undefined)?.outcomeUnknown === true) return message;
  return `Failed: ${message}`;
}
