import { validateEmail, validatePassword } from '../api';
import { ENVIRONMENTS } from '../auth/environments';
import { inputCheck } from '../common/validators';
import { withProgress, type CommandDeps } from './deps';

/** Developer login plus resource auth: the two tokens the contract hands out. */
export async function signIn(deps: CommandDeps, prefilledEmail?: string): Promise<void> {
  const env = deps.accounts.env();
  const label = ENVIRONMENTS[env].label;
  const ui = deps.ui();
  const email = await ui.ask({ title: `Sign In to ${label} (1/2)`, prompt: 'Developer e-mail address', placeholder: 'you@example.com', value: prefilledEmail ?? deps.accounts.accounts(env).developer?.email, validate: inputCheck(validateEmail) });
  const password = await ui.ask({ title: `Sign In to ${label} (2/2)`, prompt: `Password for ${email}`, password: true, validate: (value) => (value ? undefined : 'Enter your password.') });
  await completeSignIn(deps, email.trim(), password);
}

export async function completeSignIn(deps: CommandDeps, email: string, password: string): Promise<void> {
  const env = deps.accounts.env();
  await withProgress(`Signing in to ${ENVIRONMENTS[env].label}…`, async () => {
    const client = await deps.accounts.client(env);
    const login = await client.logIn({ email, password });
    const resource = await client.authenticateResource({ email, password });
    const user = resource.user;
    await deps.accounts.store.signIn(env, { id: user._id, email: user.email, sandboxMobile: user.sandboxMobile ?? undefined }, { loginToken: login.token, resourceToken: resource.token });
  });
  deps.logger.info(`[${env}] Signed in as ${email}.`);
}

export async function signUp(deps: CommandDeps): Promise<void> {
  const env = deps.accounts.env();
  const label = ENVIRONMENTS[env].label;
  const ui = deps.ui();
  const email = await ui.ask({ title: `Sign Up on ${label} (1/3)`, prompt: 'E-mail address for the new developer account', placeholder: 'you@example.com', validate: inputCheck(validateEmail) });
  const password = await ui.ask({ title: `Sign Up on ${label} (2/3)`, prompt: 'Choose a password (at least 8 characters)', password: true, validate: inputCheck(validatePassword) });
  await ui.ask({ title: `Sign Up on ${label} (3/3)`, prompt: 'Type the password again', password: true, validate: (value) => (value === password ? undefined : 'The passwords do not match.') });
  await withProgress(`Creating the developer account on ${label}…`, async () => {
    const client = await deps.accounts.client(env);
    await client.signUp({ email: email.trim(), password });
  });
  deps.logger.info(`[${env}] Created developer account ${email}.`);
  await completeSignIn(deps, email.trim(), password);
}
