import * as vscode from 'vscode';
import { isRefusal, validateMobile, validatePasscode, WalletApiError } from '../api';
import { ENVIRONMENTS, type EnvironmentId } from '../auth/environments';
import type { WalletLogin } from '../auth/walletLogin';
import { COMMANDS } from '../common/commandIds';
import { formatMobileForPeople } from '../common/formatMobile';
import { UserFacingError } from '../common/userFacingError';
import type { UserInput } from '../common/userInput';
import { inputCheck } from '../common/validators';
import { argumentOrPick, type CommandDeps } from '../commandDeps/commandDeps';
import { walletPlaceholder, walletSample } from './sandboxSamples';

const SANDBOX_PASSCODE = /\[Passcode:\s*(\d{6})\]/;

/** The sandbox puts the passcode in the send-OTP message; real servers never do. */
export function passcodePrompt(message: string, local: boolean): string {
  const hint = local ? SANDBOX_PASSCODE.exec(message)?.[1] : undefined;
  const sentTo = message.replace(SANDBOX_PASSCODE, '').trim() || vscode.l10n.t('Enter the passcode sent by SMS.');
  return hint ? vscode.l10n.t('{0} (local sandbox passcode: {1})', sentTo, hint) : sentTo;
}

/**
 * What a refused passcode says. The box shows it in place of the prompt, so in the sandbox it
 * repeats the current passcode: the user is never left without it.
 */
export function retryMessage(refusal: string, latestMessage: string, local: boolean): string {
  const hint = local ? SANDBOX_PASSCODE.exec(latestMessage)?.[1] : undefined;
  return hint ? vscode.l10n.t('{0} (local sandbox passcode: {1})', refusal, hint) : refusal;
}

/** What both steps of Connect Wallet work with: where, how to ask, and the app whose key signs the login. */
interface LoginSteps {
  env: EnvironmentId;
  local: boolean;
  login: WalletLogin;
  ui: UserInput;
}

/** A passcode sent to a wallet: the server's id for it, its message and the mobile as validated. */
interface SentPasscode {
  userId: string;
  message: string;
  mobile: string;
}

/** Validate the mobile, send an OTP, verify it: the contract's wallet login. */
export async function connectWallet(deps: CommandDeps, mobileArgument?: unknown): Promise<void> {
  const env = deps.accounts.env();
  const local = env === 'local';
  const login = await deps.accounts.walletLogin(env);
  const steps: LoginSteps = { env, local, login, ui: deps.ui() };
  const suggested =
    typeof mobileArgument === 'string' ? mobileArgument : local ? deps.accounts.accounts(env).developer?.sandboxMobile : undefined;

  const sent = await askMobileAndSendPasscode(steps, suggested);
  if (!sent) throw new UserFacingError(vscode.l10n.t('No passcode was sent. Try Connect Wallet again.'));
  const connected = await askPasscodeAndVerify(steps, sent);
  if (!connected) throw new UserFacingError(vscode.l10n.t('The passcode was not verified. Try Connect Wallet again.'));
  deps.logger.info(`[${env}] Connected wallet ${sent.mobile} through app "${login.app.name}".`);
}

/**
 * Step 1: the mobile box. The passcode is sent from the busy box, not under a progress
 * notification that would outlive it; a mobile the server knows no wallet by keeps the box
 * open, with why. Undefined when no passcode was sent.
 */
async function askMobileAndSendPasscode(
  { env, local, login, ui }: LoginSteps,
  suggested: string | undefined,
): Promise<SentPasscode | undefined> {
  let sent: SentPasscode | undefined;
  await ui.ask({
    title: vscode.l10n.t('Connect Wallet on {0} (1/2)', ENVIRONMENTS[env].label),
    prompt: local
      ? vscode.l10n.t('Mobile number of the wallet (your sandbox wallet is filled in)')
      : vscode.l10n.t('Mobile number of the wallet'),
    placeholder: walletPlaceholder(local),
    value: suggested === undefined ? undefined : formatMobileForPeople(suggested),
    validate: inputCheck(validateMobile),
    onAccept: async (typed) => {
      const mobileCheck = validateMobile(typed);
      if (!mobileCheck.ok) throw new UserFacingError(mobileCheck.message);
      try {
        sent = { ...(await login.sendPasscode(mobileCheck.value)), mobile: mobileCheck.value };
        return undefined;
      } catch (error) {
        // 401 is the app's key, not the mobile: the command's own failure.
        if (!isRefusal(error) || error.status === 401) throw error;
        const reason = error.serverMessage ?? error.message;
        return local ? vscode.l10n.t('{0}. In the sandbox, try {1}.', reason.replace(/[.!]+$/, ''), walletSample()) : reason;
      }
    },
  });
  return sent;
}

/** Step 2: the passcode box, with a button to send a new one. True once the passcode is verified. */
async function askPasscodeAndVerify({ env, local, login, ui }: LoginSteps, { mobile, userId, message }: SentPasscode): Promise<boolean> {
  let connected = false;
  // The latest send-OTP message: in the sandbox it carries the passcode, which must stay in view.
  let latestMessage = message;
  await ui.ask({
    title: vscode.l10n.t('Connect Wallet on {0} (2/2)', ENVIRONMENTS[env].label),
    prompt: passcodePrompt(message, local),
    placeholder: vscode.l10n.t('6-digit passcode'),
    password: !local,
    validate: inputCheck(validatePasscode),
    buttons: [{ id: 'resend', icon: 'refresh', tooltip: vscode.l10n.t('Send a new passcode') }],
    onButton: async () => {
      latestMessage = await login.resendPasscode(mobile);
      return vscode.l10n.t('New passcode sent. {0}', passcodePrompt(latestMessage, local));
    },
    onAccept: async (passcode) => {
      try {
        await login.verifyPasscode({ userId, mobile }, passcode.trim());
        connected = true;
        return undefined;
      } catch (error) {
        // A wrong passcode keeps the box open so the user can type it again.
        if (isWrongPasscode(error)) return retryMessage(error.serverMessage ?? error.message, latestMessage, local);
        throw error;
      }
    },
  });
  return connected;
}

/** A refusal of the passcode itself (4xx), not the server failing or the network. */
function isWrongPasscode(error: unknown): error is WalletApiError {
  return (
    error instanceof WalletApiError &&
    (error.kind === 'http' || error.kind === 'rejected') &&
    error.status !== undefined &&
    error.status < 500
  );
}

export async function selectWallet(deps: CommandDeps, mobileArgument?: unknown): Promise<void> {
  const env = deps.accounts.env();
  const { wallets, activeWalletMobile } = deps.accounts.accounts(env);
  const items = wallets.map((wallet) => ({
    label: formatMobileForPeople(wallet.mobile),
    description:
      [
        wallet.mobile === activeWalletMobile ? vscode.l10n.t('active') : '',
        wallet.status === 'disconnected' ? vscode.l10n.t('disconnected') : '',
      ]
        .filter(Boolean)
        .join(' · ') || undefined,
    value: wallet.mobile,
  }));
  const mobile = await argumentOrPick(deps, mobileArgument, items, {
    title: vscode.l10n.t('Select Wallet'),
    none: new UserFacingError(vscode.l10n.t('No wallet is connected yet.'), [
      { title: vscode.l10n.t('Connect Wallet'), command: COMMANDS.connectWallet },
    ]),
  });
  await deps.accounts.selectWallet(env, mobile);
}

export async function disconnectWallet(deps: CommandDeps, mobileArgument?: unknown): Promise<void> {
  const env = deps.accounts.env();
  const { wallets } = deps.accounts.accounts(env);
  const mobile = await argumentOrPick(
    deps,
    mobileArgument,
    wallets.map((wallet) => ({ label: formatMobileForPeople(wallet.mobile), value: wallet.mobile })),
    { title: vscode.l10n.t('Disconnect Wallet'), none: new UserFacingError(vscode.l10n.t('No wallet is connected.')) },
  );
  const disconnect = vscode.l10n.t('Disconnect');
  const answer = await deps
    .ui()
    .confirm(
      vscode.l10n.t('Disconnect wallet {0}? Its tokens are deleted; connect it again with a new passcode.', formatMobileForPeople(mobile)),
      { modal: true, level: 'warning' },
      disconnect,
    );
  if (answer !== disconnect) return;
  await deps.accounts.disconnectWallet(env, mobile);
  deps.logger.info(`[${env}] Disconnected wallet ${mobile}.`);
}
