// The spawn benchmark compares the sandbox with the Mockoon CLI serving the same operations
// (scripts/bench/mockoon-environment.json). A route added to the OpenAPI document without
// regenerating that file left the comparison unmeasured; this catches it before the bench does.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

const SCRIPT = path.resolve(__dirname, '../../../../scripts/bench/mockoon-environment.mjs');

describe('the bench’s Mockoon environment', function () {
  this.timeout(30_000);

  it('serves every operation of the OpenAPI document (else: node scripts/bench/mockoon-environment.mjs)', () => {
    const program = `import { missingOperations } from ${JSON.stringify(pathToFileURL(SCRIPT).href)};
console.log(JSON.stringify(missingOperations()));`;
    const missing = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', program], { encoding: 'utf8' })) as string[];
    assert.deepEqual(missing, []);
  });
});
