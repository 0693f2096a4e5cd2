// The wiring, checked in a real extension host: the extension from this checkout is present,
// activates, and registers every command and view its package.json contributes. The lists
// come from the manifest at run time, so the test keeps up as contributions are added.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';

interface Manifest {
  name: string;
  publisher: string;
  contributes?: {
    commands?: { command: string }[];
    views?: Record<string, { id: string }[]>;
  };
}

const repoRoot = path.resolve(__dirname, '..', '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const manifest = require(path.join(repoRoot, 'package.json')) as Manifest;
const extensionId = `${manifest.publisher}.${manifest.name}`;

function extension(): vscode.Extension<unknown> {
  const found = vscode.extensions.getExtension(extensionId);
  assert.ok(found, `extension ${extensionId} is not loaded in this VS Code`);
  return found;
}

describe('Extension activation', () => {
  it('is the extension from this checkout', () => {
    assert.equal(extensionId, 'wallet-console.wallet-console');
    assert.equal(path.resolve(extension().extensionUri.fsPath), repoRoot);
  });

  it('activates without error', async () => {
    await extension().activate();
    assert.equal(extension().isActive, true);
  });

  it('registers every command listed in package.json', async () => {
    await extension().activate();
    const contributed = (manifest.contributes?.commands ?? []).map((entry) => entry.command);
    assert.ok(contributed.length > 0, 'package.json contributes no commands');
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.deepEqual(
      contributed.filter((command) => !registered.has(command)),
      [],
      'contributed in package.json but not registered by activate()',
    );
  });

  it('can open every view listed in package.json', async () => {
    await extension().activate();
    const views = Object.values(manifest.contributes?.views ?? {}).flat();
    for (const view of views) {
      await vscode.commands.executeCommand(`${view.id}.focus`);
    }
  });
});
