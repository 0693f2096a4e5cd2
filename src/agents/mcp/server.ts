// The agent tools over MCP, with the official SDK: tools/list from the shared definition,
// tools/call through the same runner as VS Code's language model tools.

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import type { ToolContext } from '../tools/context';
import { TOOLS } from '../tools/definitions';
import { inputJsonSchema } from '../tools/manifest';
import { runTool } from '../tools/run';

export const MCP_SERVER_NAME = 'wallet-console-sandbox';

/**
 * The SDK checks elicitation answers against a JSON Schema; this server never elicits (tool
 * input is checked by the shared definition), so it needs no validator, and the bundle leaves
 * the SDK's Ajv out (esbuild.js).
 */
const NO_ELICITATION: jsonSchemaValidator = {
  getValidator: () => () => ({ valid: false, data: undefined, errorMessage: 'This server does not ask for input.' }),
};

/** `before` runs ahead of each call (the MCP server reads the sandbox's request log for the tool that shows it). */
export function createMcpServer(
  ctx: ToolContext,
  version: string,
  before: (tool: string) => Promise<void> = () => Promise.resolve(),
): Server {
  const server = new Server({ name: MCP_SERVER_NAME, version }, { capabilities: { tools: {} }, jsonSchemaValidator: NO_ELICITATION });
  const tools = TOOLS.map((definition) => ({
    name: definition.name,
    title: definition.title,
    description: definition.modelDescription,
    inputSchema: inputJsonSchema(definition) as { type: 'object'; [key: string]: unknown },
    annotations: { title: definition.title, readOnlyHint: !definition.action, destructiveHint: definition.action, openWorldHint: false },
  }));
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    await before(request.params.name).catch(() => undefined);
    const result = await runTool(request.params.name, request.params.arguments ?? {}, ctx);
    return { content: [{ type: 'text' as const, text: result.text }], isError: result.isError };
  });
  return server;
}
