import * as assert from 'node:assert/strict';
import { codeFor, expand, scriptCode, toSnippetSyntax, type WalletSnippet } from '../../../src/snippets/library/snippetSource';

const sample: WalletSnippet = {
  name: 'sample',
  code: {
    typescript: 'const url⟦: string⟧ = `${base}/v1/users/balance`; // ⟨1:50000⟩ kobo\nsend(⟨2|mtn,glo⟩)',
    python: 'x = "⟨1:a}b⟩"',
    go: 'x := 1',
    php: '$amount = ⟨1:100⟩; $path = "\\\\v1";',
  },
};

describe('snippets: the source notation', () => {
  it('TypeScript keeps ⟦types⟧, JavaScript drops them', () => {
    assert.equal(codeFor(sample, 'typescript'), 'const url: string = `${base}/v1/users/balance`; // ⟨1:50000⟩ kobo\nsend(⟨2|mtn,glo⟩)');
    assert.equal(codeFor(sample, 'javascript'), 'const url = `${base}/v1/users/balance`; // ⟨1:50000⟩ kobo\nsend(⟨2|mtn,glo⟩)');
  });

  it('⟪JavaScript only⟫ is the other way round (JSDoc in place of the types), across lines too', () => {
    const text = '/** The sum.⟪ @param {number} a⟫ */\nfunction sum(a⟦: number⟧)⟦: number⟧ {⟪\n  // JavaScript⟫\n  return a;\n}';
    assert.equal(scriptCode(text, 'typescript'), '/** The sum. */\nfunction sum(a: number): number {\n  return a;\n}');
    assert.equal(scriptCode(text, 'javascript'), '/** The sum. @param {number} a */\nfunction sum(a) {\n  // JavaScript\n  return a;\n}');
  });

  it('snippet syntax: $, } and \\ escaped, tab stops and choices in VS Code form', () => {
    assert.equal(
      toSnippetSyntax(codeFor(sample, 'typescript')),
      'const url: string = `\\${base\\}/v1/users/balance`; // ${1:50000} kobo\nsend(${2|mtn,glo|})',
    );
    assert.equal(toSnippetSyntax(sample.code.php), '\\$amount = ${1:100}; \\$path = "\\\\\\\\v1";');
    assert.equal(toSnippetSyntax(sample.code.python), 'x = "${1:a\\}b}"');
  });

  it('expansion: each tab stop at its default, a choice at its first option', () => {
    assert.equal(expand(codeFor(sample, 'javascript')), 'const url = `${base}/v1/users/balance`; // 50000 kobo\nsend(mtn)');
    assert.equal(expand(sample.code.python), 'x = "a}b"');
  });
});
