import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { gitignoreEntry, gitignoreFolders, isIgnored, type GitignoreFile } from '../../../src/linter/gitignoreRules';

const root = (rules: string): GitignoreFile => ({ folder: '', rules });

describe('linter: .gitignore rules', () => {
  it('lists the folders whose .gitignore applies, the root first', () => {
    assert.deepEqual(gitignoreFolders('.env'), ['']);
    assert.deepEqual(gitignoreFolders('apps/api/.env.local'), ['', 'apps', 'apps/api']);
  });

  it('reads the usual patterns as git does', () => {
    assert.equal(isIgnored('.env', []), false);
    assert.equal(isIgnored('.env', [root('node_modules\n.env\n')]), true);
    assert.equal(isIgnored('apps/api/.env', [root('.env')]), true, 'an unanchored name matches at any depth');
    assert.equal(isIgnored('apps/api/.env', [root('/.env')]), false, 'an anchored one only at the root');
    assert.equal(isIgnored('.env.local', [root('.env*\n!.env.example')]), true);
    assert.equal(isIgnored('.env.example', [root('.env*\n!.env.example')]), false);
    assert.equal(isIgnored('staging.env', [root('# .env files\n*.env')]), true);
    assert.equal(isIgnored('.env', [root('# .env')]), false, 'a comment is no rule');
  });

  it('lets a deeper .gitignore override a shallower one, but not take back an ignored folder', () => {
    const nested = [root('.env'), { folder: 'apps', rules: '!.env' }];
    assert.equal(isIgnored('apps/.env', nested), false);
    assert.equal(isIgnored('.env', nested), true);
    assert.equal(isIgnored('apps/.env', [root('.env'), { folder: 'other', rules: '!.env' }]), true);
    assert.equal(isIgnored('config/.env', [root('config/'), { folder: 'config', rules: '!.env' }]), true);
    assert.equal(isIgnored('config/.env', [{ folder: 'config', rules: '.env' }]), true);
  });

  it('writes an entry that ignores exactly that file, whatever its name', () => {
    const segment = fc.string({
      unit: fc.constantFrom('a', 'b', '.', '-', '_', ' ', '*', '?', '[', ']', '!', '#', '\\', 'é'),
      minLength: 1,
      maxLength: 8,
    });
    const relative = fc
      .array(segment, { minLength: 1, maxLength: 3 })
      .filter((parts) => parts.every((part) => part !== '.' && part !== '..' && part.trim() === part))
      .map((parts) => parts.join('/'));
    fc.assert(
      fc.property(relative, relative, (file, other) => {
        const rules = [root(gitignoreEntry(file))];
        assert.equal(isIgnored(file, rules), true, `${gitignoreEntry(file)} ignores ${file}`);
        if (other !== file && !other.startsWith(`${file}/`))
          assert.equal(isIgnored(other, rules), false, `${gitignoreEntry(file)} leaves ${other}`);
      }),
      { numRuns: 500 },
    );
  });
});
