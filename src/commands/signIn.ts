import * as vscode from 'vscode';
import { validateEmail, validatePassword } from '../api';
import { ENVIRONMENTS, type EnvironmentId } from '../auth/environments';
import { inputCheck } from '../common/validators';
import type { DeveloperTarget } from '../views/developerTree';
import { withProgress, withStatusProgress, type CommandDeps } from '../commandDeps/commandDeps';

/** An unreachable host is said before any prompt, not after the password (issue 17, item 4). */
function reachable(deps: CommandDeps, env: EnvironmentId): Promise<void> {
  if (env === 'local') return Promise.resolve();
  return withStatusProgress(vscode.l10n.t('Reaching {0}…', ENVIRONMENTS[env].label), () => deps.accounts.checkReachable(env));
}

/** How both flows start: the environment's host is reachable, then the developer's e-mail. */
async function askEmail(
  deps: CommandDeps,
  title: (label: string) => string,
  prompt: string,
  value?: (env: EnvironmentId) => string | undefined,
): Promise<{ env: EnvironmentId; label: string; email: string }> {
  const env = deps.accounts.env();
  const label = ENVIRONMENTS[env].label;
  await reachable(deps, env);
  const email = await deps
    .ui()
    .ask({ title: title(label), prompt, placeholder: 'you@example.com', value: value?.(env), validate: inputCheck(validateEmail) });
  return { env, label, email };
}

/** Developer login plus resource auth: the two tokens the contract hands out. */
export async function signIn(deps: CommandDeps, prefilledEmail?: string): Promise<void> {
  const { label, email } = await askEmail(
    deps,
    (label) => vscode.l10n.t('Sign In to {0} (1/2)', label),
    vscode.l10n.t('Developer e-mail address'),
    (env) => prefilledEmail ?? deps.accounts.accounts(env).developer?.email,
  );
  const password = await deps.ui().ask({
    title: vscode.l10n.t('Sign In to {0} (2/2)', label),
    prompt: vscode.l10n.t('Password for {0}', email),
    password: true,
    validate: (value) => (value ? undefined : vscode.l10n.t('Enter your password.')),
  });
  await completeSignIn(deps, email.trim(), password);
}

export async function completeSignIn(deps: CommandDeps, email: string, password: string): Promise<void> {
  const env = deps.accounts.env();
  await withProgress(vscode.l10n.t('Signing in to {0}…', ENVIRONMENTS[env].label), () => deps.accounts.signIn(env, { email, password }));
  deps.logger.info(`[${env}] Signed in as ${email}.`);
}

/** Creates the developer account, signs in with it, and shows it in the Developer view. */
export async function signUp(deps: CommandDeps, reveal: (target: DeveloperTarget) => Promise<void>): Promise<void> {
  const { env, label, email } = await askEmail(
    deps,
    (label) => vscode.l10n.t('Sign Up on {0} (1/3)', label),
    vscode.l10n.t('E-mail address for the new developer account'),
  );
  const ui = deps.ui();
  const password = await ui.ask({
    title: vscode.l10n.t('Sign Up on {0} (2/3)', label),
    prompt: vscode.l10n.t('Choose a password (at least 8 characters)'),
    password: true,
    validate: inputCheck(validatePassword),
  });
  await ui.ask({
    title: vscode.l10n.t('Sign Up on {0} (3/3)', label),
    prompt: vscode.l10n.t('Type the password again'),
    password: true,
    validate: (value) => (value === password ? undefined : vscode.l10n.t('The passwords do not match.')),
  });
  await withProgress(vscode.l10n.t('Creating the developer account on {0}…', label), () =>
    deps.accounts.signUp(env, { email: email.trim(), password }),
  );
  deps.logger.info(`[${env}] Created developer account ${email}.`);
  await completeSignIn(deps, email.trim(), password);
  await reveal({ kind: 'developer' });
}
