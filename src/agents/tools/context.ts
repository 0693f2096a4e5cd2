// What the tools need from whoever runs them: the extension (src/agents/vscode) or the MCP server
// (src/agents/mcp). Plain Node: no vscode.

import type { Bank, WalletClient, WalletCredentials } from '../../api';
import type { SandboxClient } from '../../sandbox';

/** One request seen by the API, for "recent requests". */
export interface RecentRequest {
  /** Epoch ms. */
  at: number;
  method: string;
  /** Path only: a query can carry an account number. */
  path: string;
  /** 0 when no answer was sent. */
  status: number;
  durationMs?: number;
  /** Who made it, when known (the extension, an app). */
  client?: string;
}

export interface RecentRequests {
  /** Up to `limit` requests, newest first (the sandbox's journal is read where it is kept). */
  recent(limit: number): RecentRequest[] | Promise<RecentRequest[]>;
}

export interface ToolEnvironment {
  /** Where the answers come from, in words: "Local sandbox", "Staging", "Standalone sandbox at http://…". */
  label: string;
  /** The local sandbox: the only place sandbox actions run. */
  local: boolean;
  /** Real money moves here. */
  live: boolean;
}

export interface ToolContext {
  environment(): ToolEnvironment;
  /** Runs a wallet call for the given wallet (or the default one) with fresh credentials. */
  withWallet<T>(work: (client: WalletClient, credentials: WalletCredentials) => Promise<T>, mobile?: string): Promise<T>;
  /** The wallet withWallet uses when none is given, if any. */
  defaultWallet(): string | undefined;
  listBanks(): Promise<Bank[]>;
  recentRequests: RecentRequests;
  /** The local sandbox's controls (wherever it runs: see docs/sandbox.md); only asked for when environment().local. */
  sandbox(): Promise<SandboxClient>;
}
