// dist/mcp.js: the MCP server, its own bundle so the SDK loads only when MCP is used
// (`npm run sandbox -- --mcp`, or VS Code starting the server it was told about).

import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { SandboxClient } from '../../sandbox';
import { sandboxToolContext } from './sandboxSession';
import { createMcpServer } from './server';

/**
 * Serves the agent tools for the sandbox on stdin/stdout; stdout then carries only the protocol.
 * `ready` runs before each tool call: a shared state file whose server went away is opened then.
 */
export async function serveOverStdio(sandbox: () => SandboxClient, version: string, ready?: () => Promise<unknown>): Promise<void> {
  const { ctx, before } = sandboxToolContext(sandbox, ready);
  const server = createMcpServer(ctx, version, before);
  await server.connect(new StdioServerTransport());
}
