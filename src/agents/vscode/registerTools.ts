import * as vscode from 'vscode';
import type { ToolContext } from '../tools/context';
import * as tools from '../tools/index';

/** One language model tool; actions ask first and say what they will do and where. */
export function agentTool(name: string, ctx: ToolContext): vscode.LanguageModelTool<unknown> {
  return {
    prepareInvocation: ({ input }) => {
      const checked = tools.checkInput(name, input);
      // Nothing to confirm when the tool will only answer with why it cannot run.
      if (!checked.ok || tools.refusal(checked.key, ctx)) return { invocationMessage: vscode.l10n.t('Checking {0}', name) };
      const asked = tools.confirmation(checked.key, checked.input, ctx.environment(), ctx.defaultWallet());
      const title = tools.TOOLS.find((tool) => tool.name === name)?.title ?? name;
      return asked
        ? { invocationMessage: asked.title, confirmationMessages: { title: asked.title, message: asked.message } }
        : { invocationMessage: vscode.l10n.t('{0} from {1}', title, ctx.environment().label) };
    },
    invoke: async ({ input }) => {
      const result = await tools.runTool(name, input, ctx);
      return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(result.text)]);
    },
  };
}

export interface AgentTools {
  disposables: vscode.Disposable[];
  /** The registered tools by name (extension tests read a confirmation through them). */
  tools: ReadonlyMap<string, vscode.LanguageModelTool<unknown>>;
}

/** Registers the tools package.json declares (generated from the shared definition). */
export function registerAgentTools(names: readonly string[], ctx: ToolContext): AgentTools {
  const registered = new Map(names.map((name) => [name, agentTool(name, ctx)]));
  return { tools: registered, disposables: [...registered].map(([name, tool]) => vscode.lm.registerTool(name, tool)) };
}

/** The tool names in package.json's contributes.languageModelTools. */
export function contributedToolNames(packageJson: unknown): string[] {
  const tools = (packageJson as { contributes?: { languageModelTools?: { name?: unknown }[] } }).contributes?.languageModelTools ?? [];
  return tools.map((tool) => tool.name).filter((name): name is string => typeof name === 'string');
}
