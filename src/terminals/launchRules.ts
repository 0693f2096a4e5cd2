// The rules of the launch configuration and the task that reach the window's local sandbox. No
// 'vscode' here: they are unit-tested in plain Node; sandboxLaunch.ts and sandboxTask.ts apply them.

/**
 * The property that marks a Node launch configuration as "against the window's local sandbox":
 * at launch, the sandbox is started if need be and its address (and, with the terminal setting,
 * the app key and wallet token) is added to the configuration's env.
 */
export const WALLET_SANDBOX_PROPERTY = 'walletSandbox';
/**
 * The debug type Run and Debug lists the configuration under ("Wallet Console…"): a name only,
 * with no adapter; a configuration of this type is launched as the Node configuration.
 */
export const WALLET_DEBUG_TYPE = 'wallet-sandbox';

/** The part of a debug configuration these rules read and write (vscode.DebugConfiguration is one). */
export interface LaunchConfiguration {
  type: string;
  request: string;
  name: string;
  [key: string]: unknown;
}

/** The configuration offered in Run and Debug and Add Configuration…: the program in the editor. */
export function walletLaunchConfiguration(name: string): LaunchConfiguration {
  return { type: 'node', request: 'launch', name, program: '${file}', [WALLET_SANDBOX_PROPERTY]: true };
}

/**
 * A configuration of the `wallet-sandbox` type (F5 with "Wallet Console" chosen gives an empty
 * one) as the marked Node launch, keeping what it sets (its name, program, env…).
 */
export function asWalletLaunch<T extends Partial<LaunchConfiguration>>(config: T, name: string): T | LaunchConfiguration {
  if (config.type !== undefined && config.type !== WALLET_DEBUG_TYPE) return config;
  const own: Partial<LaunchConfiguration> = { ...config };
  delete own.type;
  return { ...walletLaunchConfiguration(name), ...own, type: 'node', request: 'launch', [WALLET_SANDBOX_PROPERTY]: true };
}

/** True for a Node launch the user marked: no other configuration is ever touched. */
export function isWalletLaunch(config: LaunchConfiguration): boolean {
  // js-debug may have renamed `node` to its own `pwa-node` before this resolver sees it.
  return (config.type === 'node' || config.type === 'pwa-node') && config.request === 'launch' && config[WALLET_SANDBOX_PROPERTY] === true;
}

/**
 * The configuration with the sandbox's variables in its env. A variable the configuration sets
 * itself wins (the user wrote it on purpose, e.g. another app's key).
 */
export function withSandboxEnvironment(config: LaunchConfiguration, variables: Record<string, string | undefined>): LaunchConfiguration {
  const own = typeof config['env'] === 'object' && config['env'] !== null ? (config['env'] as Record<string, unknown>) : {};
  const given = Object.fromEntries(Object.entries(variables).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return { ...config, env: { ...given, ...own } };
}

/** The task definition's fields these rules read. */
export interface SandboxTaskFields {
  port?: number;
  scenario?: string;
}

/**
 * A task that names neither a port nor a scenario is the window's own sandbox (started if need
 * be, never a second one); one that names either asks for a standalone sandbox of its own.
 */
export function isWindowSandboxTask(definition: SandboxTaskFields): boolean {
  return definition.port === undefined && definition.scenario === undefined;
}
