import * as vscode from 'vscode';
import { COMMANDS } from '../common/commandIds';
import { UserFacingError } from '../common/userFacingError';

export type EnvironmentId = 'local' | 'staging' | 'production';

export const ENVIRONMENT_IDS: readonly EnvironmentId[] = ['local', 'staging', 'production'];

export interface EnvironmentInfo {
  id: EnvironmentId;
  /** Translated when read. */
  readonly label: string;
  /** Real money moves here: marked in the UI and confirmed on first switch. */
  live: boolean;
  /** Translated when read. */
  readonly description: string;
}

/**
 * `label` and `description` are getters: the words are looked up in the l10n bundle each time
 * they are read (after activation has begun), never when this module is first imported.
 */
function environment(id: EnvironmentId, live: boolean, label: () => string, description: () => string): EnvironmentInfo {
  return {
    id,
    live,
    get label() {
      return label();
    },
    get description() {
      return description();
    },
  };
}

export const ENVIRONMENTS: Readonly<Record<EnvironmentId, EnvironmentInfo>> = Object.freeze({
  local: environment(
    'local',
    false,
    () => vscode.l10n.t('Local sandbox'),
    () => vscode.l10n.t('Built-in emulator on this machine; no account needed'),
  ),
  staging: environment(
    'staging',
    false,
    () => vscode.l10n.t('Staging'),
    () => vscode.l10n.t('The provider’s test servers'),
  ),
  production: environment(
    'production',
    true,
    () => vscode.l10n.t('Production'),
    () => vscode.l10n.t('Live wallets and real money'),
  ),
});

export interface Endpoints {
  consoleUrl: string;
  developerUrl: string;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function isLoopback(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

/**
 * Plain http:// would send app keys and wallet tokens in the clear, so it is only allowed
 * to this machine. Returns a message for a bad URL, undefined for a good one.
 */
export function checkBaseUrl(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return vscode.l10n.t('"{0}" is not a URL. Use a form like https://api.example.com.', value);
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && isLoopback(url.hostname)) return undefined;
  if (url.protocol === 'http:')
    return vscode.l10n.t(
      'Plain http:// is only allowed for this machine (localhost, 127.0.0.1). Use {0} instead.',
      `https://${url.host}${url.pathname === '/' ? '' : url.pathname}`,
    );
  return vscode.l10n.t('"{0}" must start with https://.', value);
}

/** Reads the current environment and the configured base URLs of the remote ones. */
export class EnvironmentSettings implements vscode.Disposable {
  static readonly section = 'walletConsole';
  /**
   * The environment setting as last read: nearly everything asks for it (each view, status bar
   * item and context key, at activation and on every change), and each read of the configuration
   * costs a tenth of a millisecond or more.
   */
  #current: EnvironmentId | undefined;
  // Made before the services that read current() on a change (extension.ts), so it is told first:
  // VS Code calls an event's listeners in the order they were added.
  readonly #listener = vscode.workspace.onDidChangeConfiguration((event) => {
    if (event.affectsConfiguration(`${EnvironmentSettings.section}.environment`)) this.#current = undefined;
  });

  current(): EnvironmentId {
    return (this.#current ??= this.read());
  }

  async switchTo(id: EnvironmentId): Promise<void> {
    await vscode.workspace.getConfiguration(EnvironmentSettings.section).update('environment', id, vscode.ConfigurationTarget.Global);
    this.#current = undefined;
  }

  dispose(): void {
    this.#listener.dispose();
  }

  private read(): EnvironmentId {
    const value = vscode.workspace.getConfiguration(EnvironmentSettings.section).get<string>('environment', 'local');
    return (ENVIRONMENT_IDS as readonly string[]).includes(value) ? (value as EnvironmentId) : 'local';
  }

  /** Base URLs of a remote environment, checked before any request is made. */
  remoteEndpoints(id: Exclude<EnvironmentId, 'local'>): Endpoints {
    const config = vscode.workspace.getConfiguration(EnvironmentSettings.section);
    const endpoints = {
      consoleUrl: config.get<string>(`${id}.consoleUrl`, '').trim(),
      developerUrl: config.get<string>(`${id}.developerUrl`, '').trim(),
    };
    for (const [name, value] of Object.entries(endpoints)) {
      const setting = `walletConsole.${id}.${name}`;
      const openSettings = { title: vscode.l10n.t('Open Settings'), command: COMMANDS.openSettings };
      if (!value)
        throw new UserFacingError(vscode.l10n.t('The setting {0} is empty. Set it to the {1} base URL.', setting, ENVIRONMENTS[id].label), [
          openSettings,
        ]);
      const problem = checkBaseUrl(value);
      if (problem) throw new UserFacingError(vscode.l10n.t('{0}: {1}', setting, problem), [openSettings]);
    }
    return { consoleUrl: endpoints.consoleUrl.replace(/\/+$/, ''), developerUrl: endpoints.developerUrl.replace(/\/+$/, '') };
  }

  requestTimeoutMs(): number {
    const seconds = vscode.workspace.getConfiguration(EnvironmentSettings.section).get<number>('requestTimeoutSeconds', 15);
    return Math.max(1, Math.min(120, seconds)) * 1000;
  }
}
