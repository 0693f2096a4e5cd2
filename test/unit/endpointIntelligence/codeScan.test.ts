import * as assert from 'node:assert/strict';
import {
  blocksInside,
  closeLine,
  enclosingCall,
  offsetOf,
  placeOf,
  scanOf,
  statementClose,
} from '../../../src/endpointIntelligence/core/codeScan';
import { statementEnd } from '../../../src/endpointIntelligence/core/findings/callSites';
import { callWindow } from '../../../src/endpointIntelligence/core/walletCall';

// Issue 54: the brackets of JavaScript and TypeScript, read past strings, templates, comments,
// regular expressions and JSX text, so a call's extent is where its parenthesis closes.

/** The lines of the call whose arguments hold the first `/v1/` of the text, or undefined. */
function callLines(text: string): { first: number; last: number } | undefined {
  const lines = text.split('\n');
  const line = lines.findIndex((candidate) => candidate.includes('/v1/'));
  const scan = scanOf(lines);
  const call = enclosingCall(scan, offsetOf(scan, { line, column: lines[line]!.indexOf('/v1/') }));
  return call < 0 ? undefined : { first: placeOf(scan, scan.opens[call]!).line, last: closeLine(scan, call) };
}

describe('code scan: brackets as JavaScript reads them (issue 54)', () => {
  it('skips the brackets of strings, templates, comments and regular expressions', () => {
    const lines = [
      'const a = "((" + \'[{\';',
      'const b = `${x.map((y) => `(${y}`)} )}`;',
      '// a comment (with a bracket',
      '/* a block comment {',
      '   over two lines ( */ const c = /[(]\\)/g.test(d) / 2;',
      "const e = f(/[)]/, '}');",
    ];
    assert.deepEqual([...scanOf(lines).lineDepths], [0, 0, 0, 0, 0, 0]);
  });

  it('keeps a misread JSX line to itself: an apostrophe in text, a closing tag before a brace', () => {
    const lines = [
      'return (',
      '  <div>',
      "    <p>Don't send more than {limit} (your balance)</p>",
      '    {message && <p className="message">{message}</p>}',
      '    <small>See https://shop.example/help</small>',
      '  </div>',
      ');',
    ];
    const scan = scanOf(lines);
    assert.equal(statementClose(scan, 0), 6);
    assert.equal(scan.lineDepths[3], 0);
  });

  it('finds a Prettier-wrapped call from its URL line to its closing parenthesis', () => {
    const text = [
      'const res = await fetch(',
      '  "https://api.console.eyowo.com/v1/users/transfers/bank",',
      '  {',
      '    method: "POST",',
      '    headers: { "X-App-Key": key, "X-App-Wallet-Access-Token": token },',
      '    body: JSON.stringify({',
      '      amount: Math.round(Number(naira) * 100),',
      '      narration: `Payout (${name})`,',
      '    }),',
      '  },',
      ');',
      'const body = await res.json();',
    ].join('\n');
    assert.deepEqual(callLines(text), { first: 0, last: 10 });
    assert.equal(statementEnd(text.split('\n'), 0), 10);
  });

  it('finds the call through an options object and a grouping, never through a block or a condition', () => {
    assert.deepEqual(callLines('axios({\n  method: "post",\n  url: `${BASE}/v1/users/balance`,\n})'), { first: 0, last: 3 });
    assert.deepEqual(callLines('await axios.delete(\n  (BASE + "/v1/users/accounts"),\n)'), { first: 0, last: 2 });
    assert.equal(callLines('useEffect(() => {\n  const url = `${BASE}/v1/users/balance`;\n  load(url);\n}, []);'), undefined);
    assert.equal(callLines('if (path === "/v1/users/balance") {\n  send();\n}'), undefined);
    assert.equal(callLines('const paths = ["/v1/users/balance"];'), undefined);
  });

  it('gives up on brackets that never close (code being typed): no extent, and a few lines at most', () => {
    const lines = ['await fetch(`${BASE}/v1/users/balance`, {', '  headers: { "X-App-Key": key },', ...Array(40).fill('  x,')];
    assert.equal(callLines(lines.join('\n')), undefined);
    assert.equal(statementEnd(lines, 0), 12);
  });

  it('reads a call longer than any window to its end, and blanks the callbacks it is given', () => {
    const long = ['await fetch(`${BASE}/v1/users/transfers/phone`, {', ...Array(30).fill('  // …'), '  headers: walletHeaders,', '});'];
    assert.deepEqual(callWindow(long, 0, false, true, long[0]!.indexOf('/v1/')), { first: 0, last: 32, bodies: [] });
    const lines = ['describe("/v1/users/transfers", () => {', '  const headers = { "X-App-Key": key };', '});'];
    const scan = scanOf(lines);
    const call = enclosingCall(scan, offsetOf(scan, { line: 0, column: 10 }));
    assert.deepEqual(blocksInside(scan, call, offsetOf(scan, { line: 0, column: 10 })), [
      [offsetOf(scan, { line: 0, column: 38 }), offsetOf(scan, { line: 2, column: 0 })],
    ]);
  });

  it('reads a property named like a keyword as a call: axios.delete(', () => {
    assert.deepEqual(callLines('await axios.delete(\n  "https://api.console.eyowo.com/v1/users/accounts",\n);'), { first: 0, last: 2 });
    assert.equal(callLines('if (\n  url === "/v1/users/accounts"\n) go();'), undefined);
  });
});
