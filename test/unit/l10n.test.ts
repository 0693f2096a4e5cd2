// Translation checks that need no extension host: l10n/bundle.l10n.json is what
// `npm run l10n` makes from the sources today, every message goes through l10n.t with a
// literal (so the export sees it), the panel's page modules translate with @vscode/l10n,
// and the extension layer shows no raw English string in the obvious places.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import ts from 'typescript';
import * as l10n from '@vscode/l10n';
import { renderDocument } from '../../src/webview/html/shell';
import { describeTransaction } from '../../src/webview/html/transactionDetail';
import { renderTransactionPage } from '../../src/webview/html/transactionPage';
import { renderVerifyPage } from '../../src/webview/html/verificationPage';
import { recentVerificationText } from '../../src/webview/protocol';

const REPO = path.resolve(__dirname, '../../..');
const BUNDLE = path.join(REPO, 'l10n', 'bundle.l10n.json');

function sourcesBelow(folder: string): string[] {
  return readdirSync(path.join(REPO, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.join(folder, file).split(path.sep).join('/'))
    .sort();
}

const parsed = new Map<string, ts.SourceFile>();
function parse(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (!source) {
    source = ts.createSourceFile(file, readFileSync(path.join(REPO, file), 'utf8'), ts.ScriptTarget.Latest, true);
    parsed.set(file, source);
  }
  return source;
}

function visit(node: ts.Node, callback: (node: ts.Node) => void): void {
  callback(node);
  ts.forEachChild(node, (child) => visit(child, callback));
}

function imports(source: ts.SourceFile, module: string): ts.ImportDeclaration | undefined {
  return source.statements.find(
    (statement): statement is ts.ImportDeclaration =>
      ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) && statement.moduleSpecifier.text === module,
  );
}

/** `l10n.t(...)` or `vscode.l10n.t(...)`. */
function isL10nCall(node: ts.Node): node is ts.CallExpression {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression) || node.expression.name.text !== 't') return false;
  const target = node.expression.expression;
  if (ts.isIdentifier(target)) return target.text === 'l10n';
  return (
    ts.isPropertyAccessExpression(target) &&
    target.name.text === 'l10n' &&
    ts.isIdentifier(target.expression) &&
    target.expression.text === 'vscode'
  );
}

interface L10nCall {
  file: string;
  line: number;
  /** The message when the first argument is a literal; undefined when it is computed. */
  message: string | undefined;
}

function l10nCalls(file: string): L10nCall[] {
  const source = parse(file);
  const calls: L10nCall[] = [];
  visit(source, (node) => {
    if (!isL10nCall(node)) return;
    const first = node.arguments[0];
    const message = first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first)) ? first.text : undefined;
    calls.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, message });
  });
  return calls;
}

function readBundle(file: string): Record<string, string> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

describe('l10n', () => {
  const sources = sourcesBelow('src');

  // The export parses every source: 15 s on two idle cores, 52 s beside two other CI runs, and
  // past a minute once. The bound only stops a hang: a busy machine makes it slower, not wrong.
  const EXPORT_LIMIT_MS = 5 * 60_000;

  it('l10n/bundle.l10n.json is what `npm run l10n` makes from src/ today', function () {
    this.timeout(EXPORT_LIMIT_MS + 10_000);
    const out = mkdtempSync(path.join(os.tmpdir(), 'wallet-console-l10n-'));
    try {
      const cli = path.join(REPO, 'node_modules', '@vscode', 'l10n-dev', 'dist', 'cli.js');
      const run = spawnSync(process.execPath, [cli, 'export', '--outDir', out, './src'], {
        cwd: REPO,
        encoding: 'utf8',
        timeout: EXPORT_LIMIT_MS,
      });
      assert.equal(run.status, 0, `the export failed${run.error ? ` (${run.error.message})` : ''}:\n${run.stdout}\n${run.stderr}`);
      assert.deepEqual(
        readBundle(BUNDLE),
        readBundle(path.join(out, 'bundle.l10n.json')),
        'the committed bundle is stale: run `npm run l10n`',
      );
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('every l10n.t call passes a literal message, and every message is in the bundle', function () {
    // Parses every source with TypeScript: 1 to 3 s idle, past the default 10 s on a busy machine.
    this.timeout(120_000);
    const bundle = readBundle(BUNDLE);
    const calls = sources.flatMap(l10nCalls);
    assert.ok(calls.length > 150, `found the l10n.t calls (${calls.length})`);
    assert.deepEqual(
      calls.filter((call) => call.message === undefined).map((call) => `${call.file}:${call.line}`),
      [],
      'a computed message cannot be exported: pass a literal and {0}-style arguments',
    );
    const missing = calls
      .filter((call) => call.message !== undefined && !(call.message in bundle))
      .map((call) => `${call.file}:${call.line} ${call.message}`);
    assert.deepEqual(missing, [], 'run `npm run l10n`');
  });

  it('the panel page modules import no vscode, and translate with `import * as l10n from "@vscode/l10n"` (what the export reads)', () => {
    // Unit-tested in plain Node, or run in the webview: html/, protocol.ts and the page script.
    const pageModules = [...sourcesBelow('src/webview/html'), 'src/webview/protocol.ts', ...sourcesBelow('src/webview/media')];
    assert.ok(pageModules.length >= 8, `found the page modules (${pageModules.length})`);
    for (const file of pageModules) assert.equal(imports(parse(file), 'vscode'), undefined, `${file} must stay free of 'vscode'`);
    const translating = pageModules.filter((file) => l10nCalls(file).length > 0);
    assert.ok(translating.length >= 6, `found the page modules that translate (${translating.length})`);
    for (const file of translating) {
      const binding = imports(parse(file), '@vscode/l10n')?.importClause?.namedBindings;
      assert.ok(binding && ts.isNamespaceImport(binding) && binding.name.text === 'l10n', `${file}: import * as l10n from '@vscode/l10n'`);
    }
  });

  it('renders the panel pages in the language @vscode/l10n is given, and carries the bundle to the page script as data', () => {
    // A stand-in translation of every message in the bundle: brackets around it.
    const bracketed = Object.fromEntries(Object.keys(readBundle(BUNDLE)).map((message) => [message, `[${message}]`]));
    l10n.config({ contents: bracketed });
    try {
      const transaction = {
        _id: 'abc',
        amount: 150050,
        reference: 'abc',
        type: 'bank',
        recipient: { accountName: 'ADA OBI', bankName: 'ACCESS BANK' },
        createdAt: '2021-03-04T10:20:30.000Z',
        updatedAt: '2021-03-04T10:20:30.000Z',
      };
      const detail = describeTransaction(transaction as never, 'en-GB');
      assert.equal(detail.typeLabel, '[Bank transfer]');
      assert.equal(detail.amountTitle, '[150,050 kobo]');
      assert.deepEqual(
        detail.summary.map((field) => field.label),
        ['[Amount]', '[Type]', '[Reference]', '[Created]', '[Updated]'],
      );
      const page = renderTransactionPage(detail, { environment: 'Local sandbox', wallet: '08031234567' });
      assert.equal(page.title, '[Transaction abc]');
      assert.match(page.body.value, /\[Local sandbox · wallet 0803 123 4567\]/);
      assert.match(page.body.value, />\[Copy reference\]</);
      const verify = renderVerifyPage(
        { banks: [{ bankCode: '000014', bankName: 'ACCESS BANK' }], recent: [] },
        { environment: 'Local sandbox' },
      );
      assert.equal(verify.title, '[Verify Bank Account]');
      assert.match(verify.body.value, /placeholder="\[Search 1 bank by name or code\]"/);
      const recent = { bankName: 'ACCESS BANK', bankCode: '000014', maskedAccount: '******1995', error: 'Unknown account', at: 0 };
      assert.equal(recentVerificationText(recent), '[ACCESS BANK ******1995: not verified (Unknown account)]');
      assert.equal(recentVerificationText({ ...recent, error: undefined }), '[ACCESS BANK ******1995: not verified ([no answer])]');

      const resources = {
        cspSource: 'https://example.test',
        nonce: 'bm9uY2U=',
        scriptUri: 'https://example.test/webview.js',
        styleUri: 'https://example.test/webview.css',
        codiconsUri: 'https://example.test/codicon.css',
      };
      const document = renderDocument(resources, verify, { '{0} banks': '{0} "banques" <b>' });
      const attribute = /<body data-page="verify" data-l10n="([^"]*)">/.exec(document)?.[1];
      assert.ok(attribute, 'the bundle is an attribute of <body>');
      assert.doesNotMatch(attribute, /[<>"]/, 'escaped');
      const decoded = attribute
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&#39;/g, "'")
        .replace(/&#96;/g, '`')
        .replace(/&amp;/g, '&');
      assert.deepEqual(JSON.parse(decoded), { '{0} banks': '{0} "banques" <b>' });
      assert.match(renderDocument(resources, verify), /<body data-page="verify">/, 'no attribute in English (no bundle)');
    } finally {
      l10n.config({ contents: {} });
    }
    assert.equal(describeTransaction({ type: 'bank' } as never).typeLabel, 'Bank transfer', 'English again without a bundle');
  });

  describe('no raw English in the extension layer', () => {
    // What is checked: the places that put text in front of the user. A string literal (or the
    // fixed parts of a template) with a word in it must go through l10n.t; templates made only
    // of data and punctuation (`${amount}`, `${name} · ${code}`) are fine.
    const FOLDERS = ['src/commands', 'src/views', 'src/auth', 'src/common', 'src/localSandbox'];
    const USER_PROPERTIES = new Set([
      'title',
      'prompt',
      'placeholder',
      'tooltip',
      'label',
      'description',
      'detail',
      'message',
      'text',
      'name',
    ]);
    /** Literals that are data, not words: example input shown as a placeholder. */
    const ALLOWED = new Map<string, Set<string>>([['src/commands/signIn.ts', new Set(['you@example.com'])]]);

    /** The fixed text of a literal or template (icons like $(sync~spin) dropped), or undefined for other expressions. */
    function fixedText(node: ts.Expression): string | undefined {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
      if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
      return undefined;
    }

    /** Every literal a value could be: both sides of `? :`, `??`, `||`, parentheses. */
    function literalsIn(node: ts.Expression): ts.Expression[] {
      if (ts.isParenthesizedExpression(node)) return literalsIn(node.expression);
      if (ts.isConditionalExpression(node)) return [...literalsIn(node.whenTrue), ...literalsIn(node.whenFalse)];
      if (ts.isBinaryExpression(node) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(node.operatorToken.kind))
        return [...literalsIn(node.left), ...literalsIn(node.right)];
      return fixedText(node) === undefined ? [] : [node];
    }

    function hasWords(text: string): boolean {
      return /[A-Za-z]{2,}/.test(text.replace(/\$\([a-z-]+(~spin)?\)/g, ''));
    }

    function isCallTo(node: ts.CallExpression | ts.NewExpression, names: string[]): boolean {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
      const full = ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) ? `${callee.expression.text}.${name}` : name;
      return names.includes(name) || names.includes(full);
    }

    function rawStrings(file: string): string[] {
      const source = parse(file);
      const found: string[] = [];
      const report = (value: ts.Expression | undefined, where: string) => {
        if (!value) return;
        for (const literal of literalsIn(value)) {
          const text = fixedText(literal) ?? '';
          if (!hasWords(text) || ALLOWED.get(file)?.has(text)) continue;
          found.push(`${file}:${source.getLineAndCharacterOfPosition(literal.getStart()).line + 1} ${where}: ${literal.getText()}`);
        }
      };
      visit(source, (node) => {
        if (ts.isNewExpression(node) && isCallTo(node, ['UserFacingError', 'vscode.TreeItem', 'TreeItem', 'Error']))
          report(node.arguments?.[0], `new ${node.expression.getText()}`);
        if (
          ts.isCallExpression(node) &&
          isCallTo(node, ['confirm', 'withProgress', 'showInformationMessage', 'showWarningMessage', 'showErrorMessage'])
        ) {
          node.arguments.forEach((argument) =>
            ts.isObjectLiteralExpression(argument) ? undefined : report(argument, node.expression.getText()),
          );
        }
        if (
          ts.isBinaryExpression(node) &&
          node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
          ts.isPropertyAccessExpression(node.left) &&
          USER_PROPERTIES.has(node.left.name.text)
        ) {
          // `this.name = 'UserFacingError'` in an Error subclass is a class name, not text.
          const errorName = node.left.name.text === 'name' && node.left.expression.kind === ts.SyntaxKind.ThisKeyword;
          if (!errorName) report(node.right, `.${node.left.name.text} =`);
        }
        if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && USER_PROPERTIES.has(node.name.text))
          report(node.initializer, `${node.name.text}:`);
      });
      return found;
    }

    it('shows every user-facing string through l10n.t', () => {
      const files = FOLDERS.flatMap(sourcesBelow);
      assert.ok(files.length > 30, `read the sources (${files.length})`);
      assert.deepEqual(files.flatMap(rawStrings), []);
    });

    it('the check finds what it should', () => {
      const probe = 'src/common/__probe__.ts';
      parsed.set(
        probe,
        ts.createSourceFile(
          probe,
          [
            "throw new UserFacingError('No wallet.');",
            'throw new UserFacingError(`Wallet ${mobile} is gone.`);',
            "void ui.confirm(ok ? 'Done.' : vscode.l10n.t('Failed.'), {}, 'Retry');",
            "const item = new vscode.TreeItem('Apps');",
            "item.description = 'none yet';",
            'const data = new vscode.TreeItem(wallet.mobile);',
            'data.description = `${count}`;',
            "const pick = { label: `$(check) ${name}`, title: vscode.l10n.t('Select App') };",
          ].join('\n'),
          ts.ScriptTarget.Latest,
          true,
        ),
      );
      try {
        assert.deepEqual(
          rawStrings(probe).map((hit) => hit.replace(/^[^ ]+ /, '')),
          [
            "new UserFacingError: 'No wallet.'",
            'new UserFacingError: `Wallet ${mobile} is gone.`',
            "ui.confirm: 'Done.'",
            "ui.confirm: 'Retry'",
            "new vscode.TreeItem: 'Apps'",
            ".description =: 'none yet'",
          ],
        );
      } finally {
        parsed.delete(probe);
      }
    });
  });
});
