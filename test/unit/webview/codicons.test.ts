import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { TRANSACTION_TYPE_ICONS, transactionTypeIcon } from '../../../src/common/transactionTypes';
import { WEBVIEW_ICONS } from '../../../src/webview/html/iconNames';

// The build (scripts/build/codicons.js) cuts the codicon font down to WEBVIEW_ICONS; these check
// what it wrote, which `npm run test:unit` builds first.
describe('the packaged codicons', () => {
  const css = fs.readFileSync('media/dist/codicon.css', 'utf8');
  const font = fs.readFileSync('media/dist/codicon.ttf');

  it('has a glyph rule for every icon the pages draw, and no others', () => {
    const drawn = [...css.matchAll(/\.codicon-([a-z0-9-]+):before \{ content: "\\[0-9a-f]{4}" \}/g)].map((match) => match[1]);
    assert.deepEqual([...drawn].sort(), [...WEBVIEW_ICONS].sort());
  });

  it('lists every transaction type icon the tree uses, and the unknown-type circle', () => {
    for (const name of [...Object.values(TRANSACTION_TYPE_ICONS), transactionTypeIcon('not-a-type')]) {
      assert.ok((WEBVIEW_ICONS as readonly string[]).includes(name), name);
    }
  });

  it('is a TrueType font a small fraction of the whole', () => {
    assert.equal(font.readUInt32BE(0), 0x00010000, 'TrueType signature');
    const whole = fs.statSync(require.resolve('@vscode/codicons/dist/codicon.ttf')).size;
    assert.ok(font.length < whole / 10, `${font.length} bytes of ${whole}`);
  });
});
