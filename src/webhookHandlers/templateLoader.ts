import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Templates from './templates';

let loaded: Promise<typeof Templates> | undefined;

/** The templates (dist/webhookTemplates.js beside the extension's bundle), loaded once, on first use. */
export function webhookTemplates(): Promise<typeof Templates> {
  loaded ??= (import(pathToFileURL(path.join(__dirname, 'webhookTemplates.js')).href) as Promise<typeof Templates>).catch(
    (error: unknown) => {
      loaded = undefined;
      throw error;
    },
  );
  return loaded;
}
