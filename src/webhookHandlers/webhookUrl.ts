// What the user types when pointing the sandbox at their handler: a whole http(s) URL, or just
// the port their server listens on (the handler's path on this machine is then assumed).

import * as l10n from '@vscode/l10n';
import type { Framework } from './frameworks';

export type TypedUrl = { ok: true; url: string } | { ok: false; message: string };

export function webhookUrlFrom(typed: string, framework: Pick<Framework, 'path'>): TypedUrl {
  const value = typed.trim();
  if (/^\d+$/.test(value)) {
    const port = Number(value);
    return port >= 1 && port <= 65_535
      ? { ok: true, url: `http://127.0.0.1:${port}${framework.path}` }
      : { ok: false, message: l10n.t('A port is a number from 1 to 65535.') };
  }
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    return {
      ok: false,
      message: l10n.t('Enter the http(s) URL your server listens on, such as http://127.0.0.1:3000{0}, or just its port.', framework.path),
    };
  }
  return { ok: true, url: value };
}
