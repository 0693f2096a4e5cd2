import { readFileSync } from 'node:fs';
import * as path from 'node:path';

// The OpenAPI document is read from disk the first time someone asks for it instead of being
// bundled: it is about 50 KB that only an import into Postman or a generator needs, and the
// extension bundle has a size budget. The bundles find it beside them (esbuild.js writes
// dist/openapi.json); the compiled sources (out/src/sandbox) have it beside this module.

let cached: unknown;

export function openApiDocument(): unknown {
  cached ??= JSON.parse(readFileSync(path.join(__dirname, 'openapi.json'), 'utf8'));
  return cached;
}
