// The agent tools over MCP, with the official SDK: tools/list from the shared definition,
// tools/call through the same runner as VS Code's language model tools.

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ToolContext } from '../tools/context';
import { TOOLS } from '../tools/definitions';
import { inputJsonSchema } from '../tools/manifest';
import { runTool } from '../tools/run';

export const MCP_SERVER_NAME = 'wallet-console-sandbox';

export function createMcpServer(ctx: ToolContext, version: string): Server {
  const server = new Server({ name: MCP_SERVER_NAME, version }, { capabilities: { tools: {} } });
  const tools = TOOLS.map((definition) => ({
    name: definition.name,
    title: definition.title,
    description: definition.modelDescription,
    inputSchema: inputJsonSchema(definition) as { type: 'object'; [key: string]: unknown },
    annotations: { title: definition.title, readOnlyHint: !definition.action, destructiveHint: definition.action, openWorldHint: false },
  }));
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const result = await runTool(request.params.name, request.params.arguments ?? {}, ctx);
    return { content: [{ type: 'text' as const, text: result.text }], isError: result.isError };
  });
  return server;
}
