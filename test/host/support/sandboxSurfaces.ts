import * as assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { ConnectedWallet } from './connectedWallet';

/** Terminates a running `wallet-sandbox` task and resolves once VS Code says it ended. */
export async function terminateSandboxTask(execution: vscode.TaskExecution): Promise<void> {
  const ended = new Promise<void>((resolve) => {
    const listener = vscode.tasks.onDidEndTask((event) => {
      if (event.execution.task.definition.type !== 'wallet-sandbox') return;
      listener.dispose();
      resolve();
    });
  });
  execution.terminate();
  await ended;
}

/** The text a tree item shows as its label. */
export function label(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

/** Everything a tree shows, item by item: label, description, tooltip, accessibility text, command arguments. */
export async function treeText<T>(tree: vscode.TreeDataProvider<T>, parent?: T): Promise<string[]> {
  const lines: string[] = [];
  for (const node of (await tree.getChildren(parent)) ?? []) {
    const item = await tree.getTreeItem(node);
    const tooltip = typeof item.tooltip === 'string' ? item.tooltip : (item.tooltip?.value ?? '');
    const name = label(item);
    lines.push(
      [name, item.description, tooltip, item.accessibilityInformation?.label, JSON.stringify(item.command?.arguments ?? [])].join(' | '),
    );
    lines.push(...(await treeText(tree, node)));
  }
  return lines;
}

/** Every secret the flow so far has stored for the wallet's developer, app and wallet. */
export async function storedSecrets(wallet: ConnectedWallet): Promise<Map<string, string>> {
  const { store } = wallet.api.accounts;
  const secrets = new Map<string, string>([[wallet.password, 'password']]);
  const add = (name: string, value: string | undefined) => {
    if (value) secrets.set(value, name);
  };
  const developer = await store.developerSecrets('local');
  add('login token', developer?.loginToken);
  add('resource token', developer?.resourceToken);
  const app = wallet.api.accounts.activeApp('local');
  const keys = app ? await store.appSecrets('local', app.id) : undefined;
  add('app key', keys?.key);
  add('sandbox app key', keys?.sandboxKey);
  const tokens = await store.walletSecrets('local', wallet.mobile);
  add('access token', tokens?.accessToken);
  add('refresh token', tokens?.refreshToken);
  return secrets;
}

export function assertNoSecret(text: string, secrets: Map<string, string>, where: string): void {
  for (const [secret, name] of secrets) assert.ok(!text.includes(secret), `the ${name} appears in ${where}`);
}

/** A stand-in for the developer's webhook handler: answers each POST with the next scripted status (200 when none is left). */
export class WebhookReceiver {
  readonly received: { body: string; attempt: string | undefined }[] = [];
  private readonly statuses: number[] = [];
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        this.received.push({ body, attempt: req.headers['x-sandbox-delivery-attempt'] as string | undefined });
        const status = this.statuses.shift() ?? 200;
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'thanks' : `receiver says ${status}`);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhooks`;
  }

  answer(...statuses: number[]): void {
    this.statuses.push(...statuses);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
