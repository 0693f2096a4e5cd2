// Add Sandbox Skill for Coding Agents in a real VS Code (issue 37): the package's SKILL.md,
// shipped in the extension's dist/, lands in the workspace's .github/skills/wallet-sandbox/, and
// a different file there is replaced only when the user says so (keeping it is the default).
import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, runScripted } from './support/extension';

describe('Add Sandbox Skill for Coding Agents', function () {
  this.timeout(60_000);
  let target: string;
  let shipped: string;

  before(async () => {
    const [folder] = vscode.workspace.workspaceFolders ?? [];
    assert.ok(folder, 'the host tests run with a workspace folder');
    target = path.join(folder.uri.fsPath, '.github', 'skills', 'wallet-sandbox', 'SKILL.md');
    await fs.rm(path.join(folder.uri.fsPath, '.github', 'skills'), { recursive: true, force: true });
    const extension = vscode.extensions.getExtension('wallet-console.wallet-console')!;
    shipped = await fs.readFile(path.join(extension.extensionPath, 'dist', 'SKILL.md'), 'utf8');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await fs.rm(path.dirname(path.dirname(target)), { recursive: true, force: true });
  });

  it('writes the skill the package ships into .github/skills/wallet-sandbox and opens it', async () => {
    const api = await activateExtension();
    assert.match(shipped, /^---\nname: wallet-sandbox\ndescription: /);
    const input = await runScripted(api, 'walletConsole.addSandboxSkill', []);
    assert.equal(input.asked.length, 0, 'nothing to ask when there is no skill yet');
    assert.equal(await fs.readFile(target, 'utf8'), shipped);
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, target);
  });

  it('asks before replacing a skill that differs, and keeps it unless told to replace it', async () => {
    const api = await activateExtension();
    await fs.writeFile(target, '---\nname: wallet-sandbox\ndescription: my own\n---\n');
    const kept = await runScripted(api, 'walletConsole.addSandboxSkill', ['Keep Mine']);
    assert.deepEqual(kept.asked[0]?.buttons, ['Keep Mine', 'Replace'], 'Enter keeps the file');
    assert.match(await fs.readFile(target, 'utf8'), /my own/);
    await runScripted(api, 'walletConsole.addSandboxSkill', ['Replace']);
    assert.equal(await fs.readFile(target, 'utf8'), shipped);
  });
});
