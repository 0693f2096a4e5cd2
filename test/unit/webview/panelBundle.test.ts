import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const dist = (file: string) => fs.readFileSync(path.resolve(__dirname, '../../../../dist', file), 'utf8');

describe('the panel is a bundle of its own (npm run build made both)', () => {
  it('dist/panel.js holds the pages’ HTML; dist/extension.js, which VS Code loads at start-up, does not', () => {
    // The document's policy line is written by src/webview/html/shell.ts only.
    const marker = 'http-equiv="Content-Security-Policy"';
    assert.ok(dist('panel.js').includes(marker));
    assert.ok(!dist('extension.js').includes(marker), 'the panel stays out of dist/extension.js');
    assert.ok(dist('extension.js').includes("'panel.js'") || dist('extension.js').includes('"panel.js"'), 'the extension loads it by name');
  });
});
