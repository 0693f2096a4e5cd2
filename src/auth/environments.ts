import * as vscode from 'vscode';
import { UserFacingError } from '../common/commandRunner';

export type EnvironmentId = 'local' | 'staging' | 'production';

export const ENVIRONMENT_IDS: readonly EnvironmentId[] = ['local', 'staging', 'production'];

export interface EnvironmentInfo {
  id: EnvironmentId;
  label: string;
  /** Real money moves here: marked in the UI and confirmed on first switch. */
  live: boolean;
  description: string;
}

export const ENVIRONMENTS: Record<EnvironmentId, EnvironmentInfo> = {
  local: { id: 'local', label: 'Local sandbox', live: false, description: 'Built-in emulator on this machine; no account needed' },
  staging: { id: 'staging', label: 'Staging', live: false, description: 'The provider’s test servers' },
  production: { id: 'production', label: 'Production', live: true, description: 'Live wallets and real money' },
};

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
    return `"${value}" is not a URL. Use a form like https://api.example.com.`;
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && isLoopback(url.hostname)) return undefined;
  if (url.protocol === 'http:') return `Plain http:// is only allowed for this machine (localhost, 127.0.0.1). Use https://${url.host}${url.pathname === '/' ? '' : url.pathname} instead.`;
  return `"${value}" must start with https://.`;
}

/** Reads the current environment and the configured base URLs of the remote ones. */
export class EnvironmentSettings {
  static readonly section = 'walletConsole';

  current(): EnvironmentId {
    const value = vscode.workspace.getConfiguration(EnvironmentSettings.section).get<string>('environment', 'local');
    return (ENVIRONMENT_IDS as readonly string[]).includes(value) ? (value as EnvironmentId) : 'local';
  }

  async switchTo(id: EnvironmentId): Promise<void> {
    await vscode.workspace.getConfiguration(EnvironmentSettings.section).update('environment', id, vscode.ConfigurationTarget.Global);
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
      if (!value) throw new UserFacingError(`The setting ${setting} is empty. Set it to the ${ENVIRONMENTS[id].label} base URL.`, [{ title: 'Open Settings', command: 'walletConsole.openSettings' }]);
      const problem = checkBaseUrl(value);
      if (problem) throw new UserFacingError(`${setting}: ${problem}`, [{ title: 'Open Settings', command: 'walletConsole.openSettings' }]);
    }
    return { consoleUrl: endpoints.consoleUrl.replace(/\/+$/, ''), developerUrl: endpoints.developerUrl.replace(/\/+$/, '') };
  }

  requestTimeoutMs(): number {
    const seconds = vscode.workspace.getConfiguration(EnvironmentSettings.section).get<number>('requestTimeoutSeconds', 15);
    return Math.max(1, Math.min(120, seconds)) * 1000;
  }
}
