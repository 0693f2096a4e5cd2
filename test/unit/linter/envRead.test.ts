import * as assert from 'node:assert/strict';
import { envReadFix, type TextEdit } from '../../../src/linter/envRead';

const KEY = `pk_live_${'c0ffee00'.repeat(4)}`;

/** The text after the fix for the (first) key in `text`. */
function fixed(languageId: string, text: string): { read: string; text: string } {
  const start = text.indexOf(KEY);
  const fix = envReadFix(languageId, text, start, start + KEY.length);
  const edits = [...fix.edits].sort((a: TextEdit, b: TextEdit) => b.start - a.start);
  return { read: fix.read, text: edits.reduce((out, edit) => out.slice(0, edit.start) + edit.newText + out.slice(edit.end), text) };
}

describe('linter: environment-variable reads', () => {
  it('turns a string literal into process.env in TypeScript and JavaScript', () => {
    for (const language of ['typescript', 'typescriptreact', 'javascript', 'javascriptreact']) {
      assert.equal(fixed(language, `const key = '${KEY}';`).text, 'const key = process.env.WALLET_APP_KEY;');
      assert.equal(fixed(language, `call({ key: "${KEY}" })`).text, 'call({ key: process.env.WALLET_APP_KEY })');
      assert.equal(fixed(language, `const key = \`${KEY}\`;`).text, 'const key = process.env.WALLET_APP_KEY;');
    }
  });

  it('turns a string literal into os.environ in Python, adding import os only when missing', () => {
    assert.equal(fixed('python', `KEY = "${KEY}"\n`).text, 'import os\nKEY = os.environ["WALLET_APP_KEY"]\n');
    assert.equal(fixed('python', `import os\n\nKEY = '${KEY}'\n`).text, 'import os\n\nKEY = os.environ["WALLET_APP_KEY"]\n');
    assert.equal(fixed('python', `import sys, os\nKEY = '${KEY}'\n`).text, 'import sys, os\nKEY = os.environ["WALLET_APP_KEY"]\n');
    // `import os as o` does not bind `os`; `import osmosis` is another module.
    assert.match(fixed('python', `import os as o\nKEY = '${KEY}'\n`).text, /^import os\nimport os as o\n/);
    assert.match(fixed('python', `import osmosis\nKEY = '${KEY}'\n`).text, /^import os\nimport osmosis\n/);
  });

  it('puts import os after a shebang, an encoding line, the module docstring and __future__ imports', () => {
    const source = [
      '#!/usr/bin/env python3',
      '# -*- coding: utf-8 -*-',
      '"""Pays people.',
      '',
      'More words."""',
      'from __future__ import annotations',
      '',
      `KEY = "${KEY}"`,
      '',
    ].join('\n');
    assert.equal(
      fixed('python', source).text,
      [
        '#!/usr/bin/env python3',
        '# -*- coding: utf-8 -*-',
        '"""Pays people.',
        '',
        'More words."""',
        'from __future__ import annotations',
        'import os',
        '',
        'KEY = os.environ["WALLET_APP_KEY"]',
        '',
      ].join('\n'),
    );
  });

  it('writes the placeholder ${WALLET_APP_KEY} elsewhere: other languages, comments, keys inside longer strings', () => {
    assert.equal(fixed('yaml', `app_key: "${KEY}"`).text, 'app_key: "${WALLET_APP_KEY}"');
    assert.equal(fixed('shellscript', `export KEY=${KEY}`).text, 'export KEY=${WALLET_APP_KEY}');
    assert.equal(fixed('typescript', `// was ${KEY}`).text, '// was ${WALLET_APP_KEY}');
    assert.equal(fixed('typescript', `const h = 'Bearer ${KEY}';`).text, "const h = 'Bearer ${WALLET_APP_KEY}';");
    // A prefixed literal is not a plain string: f"…" stays an f-string.
    assert.equal(fixed('python', `KEY = f"${KEY}"`).text, 'KEY = f"${WALLET_APP_KEY}"');
    assert.equal(fixed('yaml', `k: ${KEY}`).read, '${WALLET_APP_KEY}');
  });

  it('never leaves the key in the text', () => {
    for (const [language, text] of [
      ['typescript', `const a = "${KEY}"`],
      ['python', `a = '${KEY}'`],
      ['json', `{"key": "${KEY}"}`],
      ['plaintext', KEY],
    ] as const)
      assert.equal(fixed(language, text).text.includes(KEY.slice(8)), false, language);
  });
});
