import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { FINDING_RULES } from '../../../src/sandbox/findings/finding';
import { RULE_GUIDE } from '../../../src/sandbox/findings/ruleGuide';

// The rules' why and fix are written once (src/sandbox/findings/ruleGuide.ts); the docs' section
// of each rule must say the same words, so the editor's page and the docs cannot drift apart.

const ROOT = path.resolve(__dirname, '../../../..');
const DOC = readFileSync(path.join(ROOT, 'docs/integration-review.md'), 'utf8');

const oneLine = (text: string) => text.split(/\s+/).join(' ').trim();

/** The docs' section of a rule: from its heading to the next heading. */
function section(rule: string): string {
  const start = DOC.indexOf(`\n### ${rule}\n`);
  assert.ok(start >= 0, `docs/integration-review.md has no section "### ${rule}"`);
  const end = DOC.indexOf('\n#', start + rule.length + 6);
  return DOC.slice(start, end < 0 ? undefined : end);
}

describe('integration review rule guide', () => {
  for (const rule of FINDING_RULES) {
    it(`${rule}: the docs say the guide's why and fix`, () => {
      const text = oneLine(section(rule));
      assert.ok(text.includes(`**Why it costs money:** ${RULE_GUIDE[rule].why} - **Fix:**`), `${rule}: why differs from the docs`);
      assert.ok(text.includes(`- **Fix:** ${RULE_GUIDE[rule].fix}`), `${rule}: fix differs from the docs`);
    });
  }
});
