import * as vscode from 'vscode';
import type { CommandDeps } from '../commandDeps/commandDeps';

// Add Sandbox Skill for Coding Agents: the wallet-sandbox package's Agent Skill (SKILL.md, which
// the build copies to dist/) written into the workspace at .github/skills/wallet-sandbox/SKILL.md.
// That is where VS Code's agent mode (GitHub Copilot) and the Copilot coding agent look for a
// repository's skills, and it is committed with the code, so every teammate's agent has it.

/** Where the skill goes, inside a workspace folder. */
export const SKILL_PATH = ['.github', 'skills', 'wallet-sandbox', 'SKILL.md'] as const;

async function read(uri: vscode.Uri): Promise<Uint8Array | undefined> {
  try {
    return await vscode.workspace.fs.readFile(uri);
  } catch {
    return undefined;
  }
}

async function chooseFolder(): Promise<vscode.WorkspaceFolder | undefined> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length <= 1) return folders[0];
  return vscode.window.showWorkspaceFolderPick({ placeHolder: vscode.l10n.t('Add the sandbox skill to which folder?') });
}

/** Writes the skill (asking before replacing a different one) and opens it; answers where, or undefined when nothing was written. */
export async function addSandboxSkill(deps: Pick<CommandDeps, 'ui'>): Promise<vscode.Uri | undefined> {
  const folder = await chooseFolder();
  if (!folder) {
    if (!vscode.workspace.workspaceFolders?.length) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('Open the folder of your app first: the skill goes into its .github/skills folder.'),
      );
    }
    return undefined;
  }
  const extension = vscode.extensions.getExtension('wallet-console.wallet-console');
  const skill = extension && (await read(vscode.Uri.joinPath(extension.extensionUri, 'dist', 'SKILL.md')));
  if (!skill) throw new Error(vscode.l10n.t('The sandbox skill is missing from the extension (dist/SKILL.md): reinstall Wallet Console.'));
  const target = vscode.Uri.joinPath(folder.uri, ...SKILL_PATH);
  const existing = await read(target);
  if (existing && Buffer.from(existing).equals(Buffer.from(skill))) {
    await vscode.window.showTextDocument(target, { preview: false });
    return target;
  }
  if (existing) {
    // Enter presses the first button: keeping the file is the default.
    const keep = vscode.l10n.t('Keep Mine');
    const replace = vscode.l10n.t('Replace');
    const answer = await deps
      .ui()
      .confirm(
        vscode.l10n.t('{0} exists and differs from this version of the skill. Replace it?', SKILL_PATH.join('/')),
        { modal: true, level: 'warning' },
        keep,
        replace,
      );
    if (answer !== replace) return undefined;
  }
  await vscode.workspace.fs.writeFile(target, skill);
  await vscode.window.showTextDocument(target, { preview: false });
  void vscode.window.showInformationMessage(
    vscode.l10n.t(
      'Added {0}: coding agents in this workspace (Copilot agent mode) can now test against the wallet sandbox.',
      SKILL_PATH.join('/'),
    ),
  );
  return target;
}
