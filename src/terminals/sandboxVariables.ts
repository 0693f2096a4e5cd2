// What an app needs to call the window's local sandbox, as environment variables: the one list
// that new terminals, launched apps and Copy Sandbox Settings for Your App all give. No 'vscode'
// here: the rules are unit-tested in plain Node.

/** The variables, in the order they are listed (the address first; the secrets only when asked for). */
export const SANDBOX_VARIABLES = [
  'WALLET_BASE_URL',
  'WALLET_DEVELOPER_URL',
  'WALLET_APP_KEY',
  'WALLET_ACCESS_TOKEN',
  'WALLET_REFRESH_TOKEN',
] as const;
export type SandboxVariable = (typeof SANDBOX_VARIABLES)[number];

/**
 * The secrets an app may be given: the active app's sandbox key, the active sandbox wallet's access
 * token, and its refresh token (a generated webhook handler renews a stale token with it).
 */
export interface SandboxSecrets {
  appKey?: string;
  accessToken?: string;
  refreshToken?: string;
}

/**
 * The sandbox's address as both base URLs (one origin serves the console and developer APIs),
 * then whichever secrets are given. A wallet token without an app key is useless to an app (every
 * wallet call, and a token's renewal, sends both), so tokens are given only with one.
 */
export function sandboxVariables(url: string, secrets: SandboxSecrets = {}): Partial<Record<SandboxVariable, string>> {
  const variables: Partial<Record<SandboxVariable, string>> = { WALLET_BASE_URL: url, WALLET_DEVELOPER_URL: url };
  if (secrets.appKey) {
    variables.WALLET_APP_KEY = secrets.appKey;
    if (secrets.accessToken) variables.WALLET_ACCESS_TOKEN = secrets.accessToken;
    if (secrets.refreshToken) variables.WALLET_REFRESH_TOKEN = secrets.refreshToken;
  }
  return variables;
}

/** As a `.env` file has them: one `NAME=value` line each. */
export function dotenvText(variables: Partial<Record<SandboxVariable, string>>): string {
  return SANDBOX_VARIABLES.filter((name) => variables[name] !== undefined)
    .map((name) => `${name}=${variables[name]}\n`)
    .join('');
}
