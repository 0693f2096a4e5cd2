// The bank verification page: the current environment's bank list, a form (filled in when
// opened from a record or a linked account), and the session's recent verifications.

import * as vscode from 'vscode';
import { validateAccountNumber } from '../../api';
import type { EnvironmentId } from '../../auth/environments';
import type { VerifyPrefill } from '../../banks/verifyPrefill';
import { errorReason } from '../../common/userFacingError';
import { renderLoadingPage } from '../html/statusPages';
import { renderVerifyPage } from '../html/verificationPage';
import type { PanelState, WebviewMessage } from '../protocol';
import type { PageController, PageHost } from './page';

export class VerifyController implements PageController {
  /** `prefill`: checked by the caller (see verifyPrefill). */
  constructor(
    private readonly host: PageHost,
    private readonly prefill?: VerifyPrefill,
  ) {}

  state(): PanelState {
    return { view: 'verify' };
  }

  /** The page is the same tool in every environment (its bank list is the current one's). */
  home(): EnvironmentId | undefined {
    return undefined;
  }

  backLabel(): string {
    return vscode.l10n.t('Back to Verify Bank Account');
  }

  async load(): Promise<void> {
    const { deps } = this.host;
    const ticket = this.host.begin(this);
    const env = ticket.env;
    const context = this.host.context(env);
    // Asked now: "back" goes only to a page of this environment.
    const backLabel = this.host.backLabel();
    const loaded = ticket.loadingSoon(
      renderLoadingPage(vscode.l10n.t('Verify Bank Account'), vscode.l10n.t('Loading the bank list…'), context),
    );
    const recent = () => deps.verifier.recentFor(env);
    try {
      const banks = await deps.banks.banks(env);
      ticket.draw(renderVerifyPage({ banks, recent: recent(), backLabel, prefill: this.prefill, locale: vscode.env.language }, context));
    } catch (error) {
      deps.logger.error('Loading the bank list failed', error);
      ticket.draw(renderVerifyPage({ banks: [], recent: recent(), bankError: errorReason(error), backLabel }, context));
    } finally {
      loaded();
    }
  }

  /** The new environment's bank list and recent verifications. */
  environmentChanged(): Promise<void> {
    return this.load();
  }

  async handle(message: WebviewMessage): Promise<boolean> {
    if (message.type !== 'verify') return false;
    await this.verify(message.bankCode, message.accountNumber);
    return true;
  }

  private async verify(bankCode: string, accountNumber: string): Promise<void> {
    const { deps } = this.host;
    const ticket = this.host.continue(this);
    let bankName = bankCode;
    try {
      bankName = (await deps.banks.find(bankCode))?.bankName ?? bankCode;
    } catch {
      // The verifier reports a missing bank list in its own words below.
    }
    const number = validateAccountNumber(accountNumber);
    const typed = number.ok ? number.value : accountNumber;
    ticket.post({ type: 'verifying', bankName, accountNumber: typed });
    try {
      const outcome = await deps.verifier.verify(bankCode, accountNumber);
      ticket.post({ type: 'verifyResult', outcome, recent: deps.verifier.recentFor() });
    } catch (error) {
      deps.logger.error('Verify Bank Account failed', error);
      ticket.post({
        type: 'verifyResult',
        outcome: { ok: false, message: errorReason(error), bankName, accountNumber: typed },
        recent: deps.verifier.recentFor(),
      });
    }
  }
}
