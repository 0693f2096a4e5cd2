// Issue 38: the extension is one bundle. Only what runs as a program of its own (the sandbox and
// its CLI, the MCP server) and the webview's page script are built apart: no lazy bundle beside
// dist/extension.js, so no class needs a brand to be known across copies of itself.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const REPO = path.resolve(__dirname, '../../..');

describe('the extension is one bundle', () => {
  it('esbuild.js builds the extension, the sandbox, MCP and the page script, nothing else', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { builds } = require(path.join(REPO, 'esbuild.js')) as { builds: { outfile: string }[] };
    assert.deepEqual(builds.map((build) => build.outfile).sort(), [
      'dist/extension.js',
      'dist/mcp.js',
      'dist/sandbox.js',
      'media/dist/webview.js',
    ]);
  });

  it('the .vsix ships those three bundles of dist/ and no other script', () => {
    const shipped = fs
      .readFileSync(path.join(REPO, '.vscodeignore'), 'utf8')
      .split('\n')
      .filter((line) => /^!dist\/.*\.js$/.test(line));
    assert.deepEqual(shipped.sort(), ['!dist/extension.js', '!dist/mcp.js', '!dist/sandbox.js']);
  });

  it('dist/extension.js (npm run build made it) holds the panel’s pages; the snippets and handlers are files it reads', () => {
    const bundle = fs.readFileSync(path.join(REPO, 'dist', 'extension.js'), 'utf8');
    // The policy line of src/webview/html/shell.ts.
    assert.ok(bundle.includes('http-equiv="Content-Security-Policy"'));
    // A line of the balance snippet (Python); a name the webhook handlers write: in templates/, shipped beside the bundle.
    for (const marker of ['["user"]["balance"]', 'parseWalletWebhook']) assert.ok(!bundle.includes(marker), marker);
    const ignore = fs.readFileSync(path.join(REPO, '.vscodeignore'), 'utf8').split('\n');
    for (const folder of ['!templates/webhook-handlers/*', '!templates/webhook-handlers/parts/*', '!templates/snippets/*'])
      assert.ok(ignore.includes(folder), folder);
  });
});
