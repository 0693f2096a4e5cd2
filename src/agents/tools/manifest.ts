// The JSON forms of the shared definition: the input schemas (MCP tools/list) and the
// package.json `contributes.languageModelTools` entries (written by `npm run tools:manifest`,
// checked by test/unit/tools/manifest.test.ts). Plain Node; not in the extension's bundle.

import { toJsonSchema } from '@valibot/to-json-schema';
import { TOOLS, type ToolDefinition } from './definitions';

export type JsonSchema = Record<string, unknown>;

export function inputJsonSchema(definition: ToolDefinition): JsonSchema {
  // The dialect line is noise for VS Code and MCP clients alike. What a field is after its check (a mobile
  // in any form is kept as 234…: the sandbox's walletMobile) is described with the rules it was checked by.
  const schema = toJsonSchema(definition.input, { errorMode: 'throw', typeMode: 'output', ignoreActions: ['transform'] }) as JsonSchema;
  delete schema.$schema;
  return schema;
}

export interface LanguageModelToolContribution {
  name: string;
  displayName: string;
  toolReferenceName: string;
  canBeReferencedInPrompt: boolean;
  icon: string;
  userDescription: string;
  modelDescription: string;
  tags: string[];
  inputSchema: JsonSchema;
  when: string;
}

/** The agents' switch (src/agents/vscode/register.ts also follows VS Code's chat.disableAIFeatures). */
export const AGENTS_WHEN = 'config.walletConsole.agents.enabled';

const nlsKey = (definition: ToolDefinition, field: string) => `languageModelTool.${definition.name}.${field}`;

/** The people-facing words of each tool, for package.nls.json (the model's words stay English). */
export function languageModelToolStrings(): Record<string, string> {
  return Object.fromEntries(
    TOOLS.flatMap((definition) => [
      [nlsKey(definition, 'displayName'), definition.title],
      [
        nlsKey(definition, 'userDescription'),
        definition.title + (definition.action ? ' (local sandbox only, asks first)' : ' (read-only)'),
      ],
    ]),
  );
}

export function languageModelTools(): LanguageModelToolContribution[] {
  return TOOLS.map((definition) => ({
    name: definition.name,
    displayName: `%${nlsKey(definition, 'displayName')}%`,
    toolReferenceName: definition.name,
    canBeReferencedInPrompt: true,
    icon: definition.action ? '$(beaker)' : '$(eye)',
    userDescription: `%${nlsKey(definition, 'userDescription')}%`,
    modelDescription: definition.modelDescription,
    tags: ['walletConsole', definition.action ? 'walletConsole-sandbox-action' : 'walletConsole-read'],
    inputSchema: inputJsonSchema(definition),
    when: AGENTS_WHEN,
  }));
}
