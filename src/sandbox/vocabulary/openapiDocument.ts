import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

// The OpenAPI document is read from disk the first time someone asks for it instead of being
// bundled: it is about 50 KB that only an import into Postman or a generator needs, and the
// extension bundle has a size budget. The extension's bundles find it beside them (esbuild.js
// writes dist/openapi.json), the compiled sources (out/) beside this module, and the package's
// bundle (dist/index.js) one folder up, at the package's root, where it is shipped once.

let cached: unknown;

function documentPath(): string {
  const beside = path.join(__dirname, 'openapi.json');
  return existsSync(beside) ? beside : path.join(__dirname, '..', 'openapi.json');
}

export function openApiDocument(): unknown {
  cached ??= JSON.parse(readFileSync(documentPath(), 'utf8'));
  return cached;
}
