import * as assert from 'node:assert/strict';
import * as prettier from 'prettier';
import { analyzeText, problemsOf, type Problem } from '../../../src/endpointIntelligence/core/analyze';
import { buildCatalog } from '../../../src/endpointIntelligence/core/catalog';
import { codeFindings } from '../../../src/endpointIntelligence/core/findings/codeFindings';
import { isBrowserCode } from '../../../src/endpointIntelligence/core/findings/secretFindings';
import { hostsOf, sandboxHosts, type WalletContext } from '../../../src/endpointIntelligence/core/walletCall';
import { openApiDocument } from '../../../src/sandbox/vocabulary/openapiDocument';
import { CAREFUL } from './realCode/careful';
import { CARELESS, type RealFile } from './realCode/careless';

// Issue 54, code findings that read real code: integrations as Prettier formats them (a call's URL
// on its own line, bodies over many lines), a Create React App component in a `.js` file, a fee
// taken off before the naira-to-kobo multiply. Every mistake named by its rule; nothing on the
// careful twins, other APIs' calls or the shop's own routes.

const catalog = buildCatalog(openApiDocument());
/** The wallet's hosts as the settings give them by default (production, staging) and the local sandbox. */
const context: WalletContext = {
  hosts: [...hostsOf(['https://api.console.eyowo.com', 'https://api.console.staging-api.eyowo.com']), ...sandboxHosts(4010)],
};

/** The path checks and the code findings of a file, as the editor's check computes them, in the file's order. */
function problems(file: Pick<RealFile, 'file' | 'text'>): Problem[] {
  const lines = file.text.split('\n');
  const uses = analyzeText(catalog, lines, false, context, true);
  const found = [...problemsOf(uses), ...codeFindings(file.text, lines, uses, { path: file.file, script: true })];
  return found.sort((a, b) => a.line - b.line || a.start - b.start);
}

/** `code line: text → replacement` for each problem (the line counts from 1). */
function summary(file: Pick<RealFile, 'file' | 'text'>): string[] {
  const lines = file.text.split('\n');
  return problems(file).map((problem) => {
    const found = lines[problem.line]!.slice(problem.start, problem.end);
    return `${problem.code} ${problem.line + 1}: ${found}${problem.replacement ? ` → ${problem.replacement}` : ''}`;
  });
}

/** Applies each problem's fix (from the last place back). */
function fixed(file: RealFile): RealFile {
  const lines = file.text.split('\n');
  for (const problem of problems(file)
    .filter((found) => found.replacement)
    .reverse()) {
    const line = lines[problem.line]!;
    lines[problem.line] = line.slice(0, problem.start) + problem.replacement + line.slice(problem.end);
  }
  return { ...file, text: lines.join('\n') };
}

describe('code findings on real code (issue 54)', () => {
  for (const file of [...CARELESS, ...CAREFUL])
    it(`reads Prettier's own output (its defaults, printWidth 80): ${file.file}, ${file.name}`, async () => {
      // No configuration is resolved here: format() uses Prettier's defaults.
      assert.equal(await prettier.format(file.text, { filepath: file.file }), file.text);
    });

  for (const file of CARELESS)
    it(`names every mistake with its rule: ${file.name}`, () => {
      assert.deepEqual(summary(file), file.findings);
    });

  for (const file of CAREFUL)
    it(`finds nothing in ${file.name}`, () => {
      assert.deepEqual(summary(file), []);
    });

  it('recalls every mistake of the careless files and warns nowhere else (the figures of issue 54)', () => {
    const expected = CARELESS.flatMap((file) => file.findings.map((finding) => `${file.file} ${finding}`));
    const found = [...CARELESS, ...CAREFUL].flatMap((file) => summary(file).map((finding) => `${file.file} ${finding}`));
    const right = found.filter((finding) => expected.includes(finding));
    // 20 mistakes in 3 files; 9 files in all, the careful twins and other APIs' code among them.
    assert.deepEqual(
      { recall: `${right.length}/${expected.length}`, precision: `${right.length}/${found.length}` },
      {
        recall: '20/20',
        precision: '20/20',
      },
    );
  });

  it('leaves nothing of its fixes to find: kobo rounded, answers awaited and read by `success`', () => {
    const left = CARELESS.map(fixed).flatMap((file) => summary(file).map((finding) => finding.split(':')[0]!.split(' ')[0]!));
    // What has no quick fix: the secrets, the token in the body, a multiply over two lines, a
    // method, a `.status` read that is no comparison with 'success'.
    assert.deepEqual([...new Set(left)].sort(), ['float-kobo', 'secret-in-browser', 'status-not-success', 'token-in-body', 'wrong-method']);
    assert.deepEqual(
      CARELESS.map(fixed).flatMap((file) => summary(file).filter((finding) => finding.startsWith('float-kobo'))),
      ['float-kobo 37: (parseFloat(transfer.naira) - Number(process.env.BANK_FEE_NAIRA ?? "0")) *'],
    );
  });

  it('tells a Create React App component in a .js file from server code and plain modules', () => {
    const component = CARELESS[0]!.text;
    assert.equal(isBrowserCode('src/Transfer.js', component), true);
    assert.equal(isBrowserCode('src/Transfer.js', component.replace('extends Component', 'extends Base').replace(/<[^>]+>/g, '')), false);
    // A module without React, React rendered on the server, a server folder, a test.
    assert.equal(isBrowserCode('src/wallet.js', 'export const key = process.env.WALLET_APP_KEY;\nreturn <div />;'), false);
    assert.equal(isBrowserCode('server/render.js', CAREFUL[3]!.text), false);
    assert.equal(isBrowserCode('src/render.js', CAREFUL[3]!.text), false);
    assert.equal(isBrowserCode('src/server/Transfer.js', component), false);
    assert.equal(isBrowserCode('src/Transfer.test.js', component), false);
    // A component without a class: React imported, JSX returned.
    assert.equal(isBrowserCode('src/Pay.js', 'import React from "react";\nexport const Pay = () => <button>Pay</button>;'), true);
  });

  it('reads an amount Prettier put on the line after its key, and leaves a rounded or string one alone', () => {
    const call = (amount: string) =>
      `await fetch("http://127.0.0.1:4010/v1/users/transfers/phone", {\n  method: "POST",\n  body: JSON.stringify({\n    mobile,\n    amount:\n      ${amount},\n  }),\n});`;
    const codes = (amount: string) => summary({ file: 'server/pay.js', text: call(amount) }).map((finding) => finding.split(':')[0]);
    assert.deepEqual(codes('(Number(form.naira) - Number(form.feeInNaira)) * 100'), ['float-kobo 6']);
    assert.deepEqual(codes('fee * 100 + Number(form.naira) * 100'), ['float-kobo 6', 'float-kobo 6']);
    assert.deepEqual(codes('Math.round((Number(form.naira) - Number(form.feeInNaira)) * 100)'), []);
    assert.deepEqual(codes('((Number(form.naira) - 50) * 100).toFixed(0)'), []);
    assert.deepEqual(codes('(Math.round(Number(form.naira)) - 50) * 100'), []);
    assert.deepEqual(codes('toKobo(Number(form.naira) * 100)'), []);
  });
});
