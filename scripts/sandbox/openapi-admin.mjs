// `npm run openapi:admin`: writes the admin half of src/sandbox/vocabulary/openapi.json (every
// /__sandbox/* path and the components only they name) from the admin routes' definitions
// (src/sandbox/http/admin/openapiAdmin.ts), after `tsc -p .` built out/. The API half (/v1/…) is
// written by hand and kept as it is. test/unit/sandbox/openapiAdmin.test.ts fails when the file
// is not current.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as prettier from 'prettier';

const require = createRequire(import.meta.url);
const { withAdminHalf } = require('../../out/src/sandbox/http/admin/openapiAdmin.js');

const file = 'src/sandbox/vocabulary/openapi.json';
const document = withAdminHalf(JSON.parse(readFileSync(file, 'utf8')));
const options = { ...(await prettier.resolveConfig(file)), filepath: file };
writeFileSync(file, await prettier.format(JSON.stringify(document, null, 2), options));
console.log(`${file}: the admin half is current.`);
