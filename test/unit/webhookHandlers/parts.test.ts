// What several handlers share is written once, in templates/webhook-handlers/parts/, and taken in
// by an include line (src/webhookHandlers/templates.ts): every line expanded, every part shared,
// each shared passage in one file only; and the include's rules on a handler of our own.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FRAMEWORKS } from '../../../src/webhookHandlers/frameworks';
import { handlerSource } from '../../../src/webhookHandlers/templates';
import { REPO } from './generated';

const HANDLERS = path.join(REPO, 'templates', 'webhook-handlers');
const PARTS = path.join(HANDLERS, 'parts');
const INCLUDE = /^.*@include (\S+)/gm;
const fileOf = (framework: (typeof FRAMEWORKS)[number]) => `${framework.id}${path.extname(framework.defaultFile)}`;

/** The parts a file takes in, and the parts they take in, as paths relative to parts/. */
function partsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(INCLUDE)].flatMap(([, part]) => {
    const partFile = path.join(path.dirname(file), part!);
    return [path.relative(PARTS, partFile), ...partsOf(partFile)];
  });
}

/** Every file of templates/webhook-handlers/ and its parts/, with its text. */
const allFiles = (): [string, string][] =>
  [HANDLERS, PARTS].flatMap((dir) =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry): [string, string] => [path.join(dir, entry.name), fs.readFileSync(path.join(dir, entry.name), 'utf8')]),
  );

describe('webhook handlers: the shared parts', () => {
  it('every include line and every TypeScript-only or JavaScript-only marker is expanded', () => {
    for (const framework of FRAMEWORKS) {
      const text = handlerSource(framework, REPO);
      assert.doesNotMatch(text, /@include/, framework.id);
      assert.doesNotMatch(text, /[⟦⟧⟪⟫]/, framework.id);
    }
  });

  it('every part is taken in by two handlers or more (a part of one handler belongs in it)', () => {
    const users = new Map<string, string[]>();
    for (const framework of FRAMEWORKS) {
      for (const part of new Set(partsOf(path.join(HANDLERS, fileOf(framework))))) {
        users.set(part, [...(users.get(part) ?? []), framework.id]);
      }
    }
    const parts = fs.readdirSync(PARTS).sort();
    assert.deepEqual([...users.keys()].sort(), parts, 'every part is used, and only parts/ files are');
    for (const part of parts) assert.ok(users.get(part)!.length >= 2, `${part}: ${users.get(part)!.join(', ')}`);
  });

  it('each shared passage is written in one file, and every handler that needs it says it', () => {
    const passages: [string, string[]][] = [
      ['How it works (no event is lost, none is done twice):', FRAMEWORKS.map((framework) => framework.id)],
      ['The statusCode of a BANK_TRANSFER event:', FRAMEWORKS.map((framework) => framework.id)],
      ['def _renew_access_token(refused: str) -> None:', ['fastapi', 'flask']],
      ['def parse_wallet_webhook(body: Any) -> WalletWebhook:', ['fastapi', 'flask']],
      ['function renewAccessToken()', ['express', 'express-js', 'nextjs']],
      ['function parseWalletWebhook(body', ['express', 'express-js', 'nextjs']],
      ["walletWebhooks.post('/webhooks/wallet'", ['express', 'express-js']],
    ];
    const files = allFiles();
    for (const [passage, ids] of passages) {
      const writers = files.filter(([, text]) => text.includes(passage)).map(([file]) => path.relative(HANDLERS, file));
      assert.equal(writers.length, 1, `"${passage}" is written in ${writers.join(', ')}`);
      const sayers = FRAMEWORKS.filter((framework) => handlerSource(framework, REPO).includes(passage)).map((framework) => framework.id);
      assert.deepEqual(sayers, ids, passage);
    }
  });

  it('an include line: prose takes the line’s comment prefix, code replaces it, `without export` and the markers apply', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'handler-parts-'));
    try {
      const dir = path.join(root, 'templates', 'webhook-handlers');
      fs.mkdirSync(path.join(dir, 'parts'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'parts', 'note.txt'), 'One line,\n\nthen another.\n');
      fs.writeFileSync(
        path.join(dir, 'parts', 'code.ts'),
        'export function f(x⟦: number⟧) {\n  // @include note.txt\n}⟪\nexports.f = f;⟫\n',
      );
      fs.writeFileSync(path.join(dir, 'express.ts'), '// @include parts/note.txt\n// @include parts/code.ts\n');
      fs.writeFileSync(path.join(dir, 'express-js.js'), '// @include parts/code.ts without export\n');
      const [typescript, javascript] = ['express', 'express-js'].map((id) => FRAMEWORKS.find((framework) => framework.id === id)!);
      assert.equal(
        handlerSource(typescript!, root),
        '// One line,\n//\n// then another.\nexport function f(x: number) {\n  // One line,\n  //\n  // then another.\n}\n',
      );
      assert.equal(handlerSource(javascript!, root), 'function f(x) {\n  // One line,\n  //\n  // then another.\n}\nexports.f = f;\n');
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
