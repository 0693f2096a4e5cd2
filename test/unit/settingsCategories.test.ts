import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

// Issue 38: the settings come in titled categories, each setting in one, each with words a
// newcomer reads in the Settings editor (package.nls.json), never a bare key.

const ROOT = path.resolve(__dirname, '../../..');
const read = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as Record<string, unknown>;

interface Category {
  id: string;
  title: string;
  properties: Record<string, { description?: string; markdownDescription?: string }>;
}

describe('settings: titled categories with a description each', () => {
  const manifest = read('package.json') as { contributes: { configuration: Category[] } };
  const words = read('package.nls.json') as Record<string, string>;
  const text = (value: string | undefined) => (value?.startsWith('%') ? words[value.slice(1, -1)] : value);
  const categories = manifest.contributes.configuration;

  it('groups the settings as a newcomer looks for them', () => {
    assert.deepEqual(
      categories.map((category) => text(category.title)),
      ['Environments', 'Wallet, Requests and status bar', 'The local sandbox', 'In your code', 'Agents', 'Production safety'],
    );
    const keys = categories.flatMap((category) => Object.keys(category.properties));
    assert.equal(new Set(keys).size, keys.length, 'each setting in one category');
    assert.ok(keys.includes('walletConsole.agents.enabled') && keys.includes('walletConsole.production.allowMoneyMovement'));
  });

  it('describes every setting in words (at least a sentence), not by its key', () => {
    for (const category of categories)
      for (const [key, setting] of Object.entries(category.properties)) {
        const said = text(setting.markdownDescription ?? setting.description);
        assert.ok(said && said.length >= 30 && /[.)]$/.test(said.trim()), `${key}: "${said}"`);
      }
  });

  it('links only to settings of its own: a link to one of VS Code’s opens an empty search where that VS Code lacks it (issue 55)', () => {
    const ours = new Set(categories.flatMap((category) => Object.keys(category.properties)));
    const linked = (value: string) => [...value.matchAll(/#([\w-]+(?:\.[\w-]+)+)#/g)].map((match) => match[1]!);
    assert.deepEqual(linked('with VS Code’s own `#chat.disableAIFeatures#` on'), ['chat.disableAIFeatures'], 'the check sees a link');
    const links = Object.values(words).flatMap(linked);
    assert.deepEqual(
      links.filter((id) => !ours.has(id)),
      [],
      'chat.disableAIFeatures, for one, is not in VS Code 1.100, the oldest this extension supports',
    );
  });
});
