import * as vscode from 'vscode';
import type { ToolContext } from '../tools/context';
import { confirmation } from '../tools/confirmation';
import { TOOLS } from '../tools/definitions';
import { checkInput, refusal, runTool } from '../tools/run';

/** One language model tool per shared definition; actions ask first and say where they act. */
export function agentTool(name: string, ctx: ToolContext): vscode.LanguageModelTool<unknown> {
  return {
    prepareInvocation: ({ input }) => {
      const checked = checkInput(name, input);
      // Nothing to confirm when the tool will only answer with why it cannot run.
      if (!checked.ok || refusal(checked.key, ctx)) return { invocationMessage: vscode.l10n.t('Checking {0}', name) };
      const asked = confirmation(checked.key, checked.input, ctx.environment(), ctx.defaultWallet());
      const title = TOOLS.find((tool) => tool.name === name)?.title ?? name;
      return asked
        ? { invocationMessage: asked.title, confirmationMessages: { title: asked.title, message: asked.message } }
        : { invocationMessage: vscode.l10n.t('{0} from {1}', title, ctx.environment().label) };
    },
    invoke: async ({ input }) => {
      const result = await runTool(name, input, ctx);
      return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(result.text)]);
    },
  };
}

export interface AgentTools {
  disposables: vscode.Disposable[];
  /** The registered tools by name (extension tests read a confirmation through them). */
  tools: ReadonlyMap<string, vscode.LanguageModelTool<unknown>>;
}

export function registerAgentTools(ctx: ToolContext): AgentTools {
  const tools = new Map(TOOLS.map((tool) => [tool.name, agentTool(tool.name, ctx)]));
  return { tools, disposables: [...tools].map(([name, tool]) => vscode.lm.registerTool(name, tool)) };
}
