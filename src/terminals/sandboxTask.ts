import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LocalSandbox } from '../localSandbox/localSandbox';
import { isWindowSandboxTask } from './launchRules';
import { WindowSandboxTerminal } from './windowSandboxTerminal';

export const SANDBOX_TASK_TYPE = 'wallet-sandbox';
/** A standalone task sandbox's port when its definition names none: outside 4010-4029, where a window's own sandbox listens. */
export const SANDBOX_TASK_PORT = 4040;
/**
 * The provided task's name. A task's name is what launch.json and tasks.json refer to it by
 * ("wallet-sandbox: Start the wallet sandbox" in a preLaunchTask or dependsOn), so it is never
 * translated; its detail line is.
 */
export const SANDBOX_TASK_NAME = 'Start the wallet sandbox';

export interface SandboxTaskDefinition extends vscode.TaskDefinition {
  type: typeof SANDBOX_TASK_TYPE;
  /** The scenario file, relative to the workspace folder. */
  scenario?: string;
  port?: number;
}

/**
 * The `wallet-sandbox` task type. "Start the wallet sandbox" (a definition with no port and no
 * scenario) is the window's own local sandbox, the one the Sandbox, Requests and Events views
 * show: it starts it if it is not running, says where it is, and ends (exit 0, no problem
 * matcher: a preLaunchTask or dependsOn goes on at once, and unrelated errors in the workspace
 * never stop a launch). A definition that names a port or a scenario runs a standalone sandbox of
 * its own (dist/sandbox.js with VS Code's Node runtime), a background task that the
 * `$wallet-sandbox` problem matcher marks ready at "Wallet sandbox listening on …".
 */
export class SandboxTaskProvider implements vscode.TaskProvider {
  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly sandbox: LocalSandbox,
  ) {}

  provideTasks(): vscode.Task[] {
    return [this.task({ type: SANDBOX_TASK_TYPE }, vscode.workspace.workspaceFolders?.[0])];
  }

  resolveTask(task: vscode.Task): vscode.Task | undefined {
    const definition = task.definition as SandboxTaskDefinition;
    if (definition.type !== SANDBOX_TASK_TYPE) return undefined;
    const folder = typeof task.scope === 'object' ? task.scope : vscode.workspace.workspaceFolders?.[0];
    return this.task(definition, folder, task.name);
  }

  private task(definition: SandboxTaskDefinition, folder: vscode.WorkspaceFolder | undefined, name?: string): vscode.Task {
    return isWindowSandboxTask(definition) ? this.windowTask(definition, folder, name) : this.standaloneTask(definition, folder, name);
  }

  private windowTask(definition: SandboxTaskDefinition, folder: vscode.WorkspaceFolder | undefined, name?: string): vscode.Task {
    const execution = new vscode.CustomExecution(() => Promise.resolve(new WindowSandboxTerminal(this.sandbox)));
    const task = sandboxTask(definition, folder, name, execution, []);
    task.detail = vscode.l10n.t('This window’s local sandbox (the Sandbox, Requests and Events views show it)');
    task.presentationOptions = { reveal: vscode.TaskRevealKind.Silent };
    return task;
  }

  private standaloneTask(definition: SandboxTaskDefinition, folder: vscode.WorkspaceFolder | undefined, name?: string): vscode.Task {
    const port = definition.port ?? SANDBOX_TASK_PORT;
    const args = [vscode.Uri.joinPath(this.extensionUri, 'dist', 'sandbox.js').fsPath, '--port', String(port)];
    if (definition.scenario) args.push('--scenario', folder ? path.resolve(folder.uri.fsPath, definition.scenario) : definition.scenario);
    // VS Code's own runtime (Electron runs as Node with this variable): no Node on PATH needed.
    const execution = new vscode.ProcessExecution(process.execPath, args, {
      env: { ELECTRON_RUN_AS_NODE: '1' },
      ...(folder ? { cwd: folder.uri.fsPath } : {}),
    });
    const task = sandboxTask(definition, folder, name, execution, '$wallet-sandbox');
    task.detail = vscode.l10n.t('A sandbox of its own on http://127.0.0.1:{0}', port);
    task.isBackground = true;
    task.presentationOptions = { reveal: vscode.TaskRevealKind.Silent, panel: vscode.TaskPanelKind.Dedicated };
    return task;
  }
}

/** A wallet-sandbox task of the folder (or the workspace), under its given name or ours. */
function sandboxTask(
  definition: SandboxTaskDefinition,
  folder: vscode.WorkspaceFolder | undefined,
  name: string | undefined,
  execution: vscode.ProcessExecution | vscode.CustomExecution,
  matchers: string | string[],
): vscode.Task {
  return new vscode.Task(
    definition,
    folder ?? vscode.TaskScope.Workspace,
    name ?? SANDBOX_TASK_NAME,
    SANDBOX_TASK_TYPE,
    execution,
    matchers,
  );
}
