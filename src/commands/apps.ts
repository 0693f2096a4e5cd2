import * as vscode from 'vscode';
import { validateAppName } from '../api';
import { ENVIRONMENTS } from '../auth/environments';
import { COMMANDS } from '../common/commandIds';
import { UserFacingError } from '../common/userFacingError';
import { inputCheck } from '../common/validators';
import { isRecord } from '../common/isRecord';
import type { DeveloperTarget } from '../views/developerTree';
import { withProgress, argumentOrPick, type CommandDeps } from '../commandDeps/commandDeps';

/** Creates an app with the resource-auth token; its keys go to SecretStorage; the Developer view shows it. */
export async function createApp(deps: CommandDeps, reveal: (target: DeveloperTarget) => Promise<void>): Promise<void> {
  const env = deps.accounts.env();
  await deps.accounts.requireDeveloper(env);
  const name = await deps.ui().ask({
    title: vscode.l10n.t('Create App on {0}', ENVIRONMENTS[env].label),
    prompt: vscode.l10n.t('Name of the new app'),
    placeholder: vscode.l10n.t('My checkout'),
    validate: inputCheck(validateAppName),
  });
  const app = await withProgress(vscode.l10n.t('Creating app "{0}"…', name), () => deps.accounts.createApp(env, name.trim()));
  deps.logger.info(`[${env}] Created app "${app.name}" (${app.id}); it is now the active app.`);
  await reveal({ kind: 'app', appId: app.id });
}

const KEY_SHAPE = /^[A-Za-z0-9_-]{8,128}$/;

/**
 * Remembers the key of an app made elsewhere, or of one the server lists (the Developer view's
 * item passes its id and name: only the key is asked then).
 */
export async function addAppKey(deps: CommandDeps, listed?: unknown): Promise<void> {
  const env = deps.accounts.env();
  const production = env === 'production';
  const ui = deps.ui();
  const known = isRecord(listed) && typeof listed.appId === 'string' && typeof listed.name === 'string' ? listed : undefined;
  const name =
    (known?.name as string | undefined) ??
    (await ui.ask({
      title: vscode.l10n.t('Add App Key (1/2)'),
      prompt: vscode.l10n.t('A name to show for this app'),
      validate: inputCheck(validateAppName),
    }));
  const key = await ui.ask({
    title: vscode.l10n.t('Add App Key (2/2)'),
    prompt: production ? vscode.l10n.t('The app’s production key (pk_live_…)') : vscode.l10n.t('The app’s sandbox key (sk_test_…)'),
    password: true,
    validate: (value) =>
      KEY_SHAPE.test(value.trim()) ? undefined : vscode.l10n.t('An app key is 8–128 letters, digits, "_" or "-", with no spaces.'),
  });
  await deps.accounts.addAppKey(env, name.trim(), key.trim(), known?.appId as string | undefined);
  deps.logger.info(`[${env}] Added the key of app "${name.trim()}"; it is now the active app.`);
}

/** The active app's keys were not kept: the local sandbox issues new ones (the old ones stop working). */
export async function renewSandboxKey(deps: CommandDeps): Promise<void> {
  const app = await withProgress(vscode.l10n.t('Getting a new sandbox key…'), () => deps.accounts.renewSandboxKey());
  deps.logger.info(`[local] The local sandbox issued new keys for app "${app.name}" (${app.id}); they are stored.`);
  void deps
    .ui()
    .confirm(vscode.l10n.t('App "{0}" has a new sandbox key, stored in this editor. The old key no longer works.', app.name), {});
}

export async function selectApp(deps: CommandDeps, appId?: unknown): Promise<void> {
  const env = deps.accounts.env();
  const { apps, activeAppId } = deps.accounts.accounts(env);
  const items = apps.map((app) => ({
    label: app.name,
    description: app.id === activeAppId ? vscode.l10n.t('active') : app.origin === 'added' ? vscode.l10n.t('key added by hand') : undefined,
    detail: app.id,
    value: app.id,
  }));
  const chosen = await argumentOrPick(deps, appId, items, {
    title: vscode.l10n.t('Select App'),
    placeholder: vscode.l10n.t('The app whose key signs every wallet call'),
    none: new UserFacingError(vscode.l10n.t('There are no apps yet. Create one or add the key of one you have.'), [
      { title: vscode.l10n.t('Create App'), command: COMMANDS.createApp },
    ]),
  });
  await deps.accounts.selectApp(env, chosen);
}

/** Copies the active app's key after saying it is a secret. */
export async function copyAppKey(deps: CommandDeps): Promise<void> {
  const { app, appKey } = await deps.accounts.requireAppKey();
  const copy = vscode.l10n.t('Copy Key');
  const choice = await deps
    .ui()
    .confirm(
      vscode.l10n.t('The key of "{0}" is a secret: anyone who has it can act as your app. Copy it to the clipboard?', app.name),
      { modal: true, level: 'warning' },
      copy,
    );
  if (choice !== copy) return;
  await vscode.env.clipboard.writeText(appKey);
  void deps.ui().confirm(vscode.l10n.t('The key of "{0}" is on the clipboard.', app.name), {});
}
