// The transaction page: one record of the wallet's history, looked up by reference in the
// environment it belongs to.

import * as vscode from 'vscode';
import type { Transaction } from '../../api';
import { ENVIRONMENTS, type EnvironmentId } from '../../auth/environments';
import { COMMANDS } from '../../common/commandIds';
import { errorReason } from '../../common/userFacingError';
import { recordJson } from '../transactionJson';
import { renderErrorPage, renderLoadingPage } from '../html/statusPages';
import { describeTransaction } from '../html/transactionDetail';
import { renderTransactionPage } from '../html/transactionPage';
import type { PanelState, WebviewMessage } from '../protocol';
import type { PageController, PageHost } from './page';
import { VerifyController } from './verifyController';

export class TransactionController implements PageController {
  /** The record on show, for copy, Open as JSON and "Verify this recipient". */
  private shown: Transaction | undefined;

  /**
   * `homeEnv`: the environment the record belongs to (where it was opened, or the one a
   * restored panel saved). In any other one the page says where it is instead of looking it
   * up where it is not, and shows it again on a switch back.
   */
  constructor(
    private readonly host: PageHost,
    readonly reference: string,
    private readonly homeEnv: EnvironmentId,
  ) {}

  state(): PanelState {
    return { view: 'transaction', reference: this.reference, env: this.homeEnv };
  }

  home(): EnvironmentId {
    return this.homeEnv;
  }

  backLabel(): string {
    return vscode.l10n.t('Back to transaction {0}', this.reference);
  }

  async load(): Promise<void> {
    const { deps } = this.host;
    const ticket = this.host.begin(this);
    const env = ticket.env;
    const title = vscode.l10n.t('Transaction {0}', this.reference);
    if (env !== this.homeEnv) {
      this.shown = undefined;
      ticket.draw(
        renderErrorPage(
          title,
          vscode.l10n.t('Transaction {0} is in {1}', this.reference, ENVIRONMENTS[this.homeEnv].label),
          vscode.l10n.t(
            'The panel follows the current environment, {0}. Switch back to {1} to see this transaction again.',
            ENVIRONMENTS[env].label,
            ENVIRONMENTS[this.homeEnv].label,
          ),
          this.host.context(env),
          false,
        ),
      );
      return;
    }
    const loaded = ticket.loadingSoon(
      renderLoadingPage(title, vscode.l10n.t('Loading transaction {0}…', this.reference), this.host.context(env)),
    );
    try {
      const transaction = await deps.accounts.withWallet((client, credentials) => client.getTransaction(credentials, this.reference));
      if (!ticket.current()) return;
      deps.records.remember(env, transaction);
      this.shown = transaction;
      const detail = describeTransaction(transaction, vscode.env.language);
      deps.recorder?.detailShown(detail);
      ticket.draw(renderTransactionPage(detail, this.host.context(env)));
    } catch (error) {
      deps.logger.error(`Show Transaction ${this.reference} failed`, error);
      if (!ticket.current()) return;
      this.shown = undefined;
      ticket.draw(
        renderErrorPage(title, vscode.l10n.t('Could not load transaction {0}', this.reference), errorReason(error), this.host.context(env)),
      );
    } finally {
      loaded();
    }
  }

  /** In its own environment the record is looked up again; in another, the page says where it is. */
  environmentChanged(): Promise<void> {
    return this.load();
  }

  async handle(message: WebviewMessage): Promise<boolean> {
    switch (message.type) {
      case 'copy':
        await this.copy(message.what);
        return true;
      case 'openJson':
        if (this.shown) await vscode.commands.executeCommand(COMMANDS.openTransactionJson, this.shown.reference);
        return true;
      case 'verifyRecipient':
        if (this.shown) {
          await this.host.navigate(new VerifyController(this.host, describeTransaction(this.shown).verifyRecipient));
        }
        return true;
      default:
        return false;
    }
  }

  private async copy(what: 'reference' | 'json'): Promise<void> {
    const shown = this.shown;
    if (!shown) {
      this.host.notice(vscode.l10n.t('There is no transaction on show to copy.'), 'error');
      return;
    }
    try {
      await vscode.env.clipboard.writeText(what === 'reference' ? shown.reference : recordJson(shown));
      this.host.notice(what === 'reference' ? vscode.l10n.t('Reference copied.') : vscode.l10n.t('JSON copied.'));
    } catch (error) {
      this.host.deps.logger.error('Copying from the panel failed', error);
      this.host.notice(vscode.l10n.t('Could not copy to the clipboard.'), 'error');
    }
  }
}
