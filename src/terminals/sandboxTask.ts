import * as path from 'node:path';
import * as vscode from 'vscode';
import { uriExists } from '../common/uriExists';

export const SANDBOX_TASK_TYPE = 'wallet-sandbox';
/** The task's port when its definition names none: outside 4010-4029, where a window's own sandbox listens. */
export const SANDBOX_TASK_PORT = 4040;
/**
 * The provided task's name. A task's name is what launch.json and tasks.json refer to it by
 * ("wallet-sandbox: Start the wallet sandbox" in the launch snippet's preLaunchTask), so it is
 * never translated; its detail line is.
 */
export const SANDBOX_TASK_NAME = 'Start the wallet sandbox';
/** The scenario file a workspace folder declares its sandbox world in (docs/scenarios.md). */
const SCENARIO_FILE = 'wallet-sandbox.json';

export interface SandboxTaskDefinition extends vscode.TaskDefinition {
  type: typeof SANDBOX_TASK_TYPE;
  /** The scenario file, relative to the workspace folder. */
  scenario?: string;
  port?: number;
}

/**
 * The `wallet-sandbox` task type: "Start the wallet sandbox" runs the standalone sandbox this
 * extension ships (dist/sandbox.js) with VS Code's own Node runtime, on the task's port and with
 * the folder's scenario file. A background task: the `$wallet-sandbox` problem matcher marks it
 * ready at "Wallet sandbox listening on …", so a launch configuration can name it as its
 * preLaunchTask (and a task its dependsOn).
 */
export class SandboxTaskProvider implements vscode.TaskProvider {
  constructor(private readonly extensionUri: vscode.Uri) {}

  async provideTasks(): Promise<vscode.Task[]> {
    const tasks: vscode.Task[] = [];
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      const scenario = (await uriExists(vscode.Uri.joinPath(folder.uri, SCENARIO_FILE))) ? SCENARIO_FILE : undefined;
      tasks.push(this.task({ type: SANDBOX_TASK_TYPE, ...(scenario ? { scenario } : {}) }, folder));
    }
    return tasks;
  }

  resolveTask(task: vscode.Task): vscode.Task | undefined {
    const definition = task.definition as SandboxTaskDefinition;
    if (definition.type !== SANDBOX_TASK_TYPE) return undefined;
    const folder = typeof task.scope === 'object' ? task.scope : vscode.workspace.workspaceFolders?.[0];
    return this.task(definition, folder, task.name);
  }

  private task(definition: SandboxTaskDefinition, folder: vscode.WorkspaceFolder | undefined, name?: string): vscode.Task {
    const port = definition.port ?? SANDBOX_TASK_PORT;
    const args = [vscode.Uri.joinPath(this.extensionUri, 'dist', 'sandbox.js').fsPath, '--port', String(port)];
    if (definition.scenario) args.push('--scenario', folder ? path.resolve(folder.uri.fsPath, definition.scenario) : definition.scenario);
    // VS Code's own runtime (Electron runs as Node with this variable): no Node on PATH needed.
    const execution = new vscode.ProcessExecution(process.execPath, args, {
      env: { ELECTRON_RUN_AS_NODE: '1' },
      ...(folder ? { cwd: folder.uri.fsPath } : {}),
    });
    const task = new vscode.Task(
      definition,
      folder ?? vscode.TaskScope.Workspace,
      name ?? SANDBOX_TASK_NAME,
      SANDBOX_TASK_TYPE,
      execution,
      '$wallet-sandbox',
    );
    task.detail = vscode.l10n.t('The wallet sandbox on http://127.0.0.1:{0}', port);
    task.isBackground = true;
    task.presentationOptions = { reveal: vscode.TaskRevealKind.Silent, panel: vscode.TaskPanelKind.Dedicated };
    return task;
  }
}
