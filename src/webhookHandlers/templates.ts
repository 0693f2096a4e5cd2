// The handlers Create Webhook Handler writes: one file per framework in templates/webhook-handlers/
// of the extension (of the repository, in the tests), read only when the command runs. They are
// shipped as files rather than bundled: text the user needs once has no place in the bundle VS Code
// loads at startup (its 400 KB budget). Plain module (no vscode).

import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Framework } from './frameworks';

/** Where a framework's handler is: its id with the extension of the file it becomes (express.ts, fastapi.py). */
function templateFile(extensionRoot: string, framework: Pick<Framework, 'id' | 'defaultFile'>): string {
  return path.join(extensionRoot, 'templates', 'webhook-handlers', `${framework.id}${path.extname(framework.defaultFile)}`);
}

/** The file the command writes for the framework. */
export function handlerSource(framework: Pick<Framework, 'id' | 'defaultFile'>, extensionRoot: string): string {
  return readFileSync(templateFile(extensionRoot, framework), 'utf8');
}
