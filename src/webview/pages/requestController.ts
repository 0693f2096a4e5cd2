// The request page: one recorded request of the Requests view, with its snippets and Replay.
// A record says which environment it went to, so it reads the same in every environment.

import * as vscode from 'vscode';
import { ENVIRONMENTS, type EnvironmentId } from '../../auth/environments';
import { errorReason } from '../../common/userFacingError';
import { renderRequestPage } from '../html/requestPage';
import { renderErrorPage } from '../html/statusPages';
import type { PanelState, SnippetTarget, WebviewMessage } from '../protocol';
import { senderText } from '../../requests/sender';
import { snippet } from '../../requests/snippets';
import type { PageController, PageHost } from './page';

export class RequestController implements PageController {
  constructor(
    private readonly host: PageHost,
    readonly id: number,
  ) {}

  state(): PanelState {
    return { view: 'request', id: this.id };
  }

  home(): EnvironmentId | undefined {
    return undefined;
  }

  backLabel(): string {
    const record = this.host.deps.requests.get(this.id);
    return record ? vscode.l10n.t('Back to request {0} {1}', record.method, record.path) : vscode.l10n.t('Back to the request');
  }

  load(): Promise<void> {
    const ticket = this.host.begin(this);
    const record = this.host.deps.requests.get(this.id);
    if (!record) {
      ticket.draw(
        renderErrorPage(
          vscode.l10n.t('Request'),
          vscode.l10n.t('This request is no longer in the history'),
          vscode.l10n.t('The Requests view keeps the last requests of this session only (walletConsole.requests.historySize).'),
          this.host.context(ticket.env),
          false,
        ),
      );
      return Promise.resolve();
    }
    const environment = ENVIRONMENTS[record.environment];
    ticket.draw(
      renderRequestPage(
        {
          record,
          sender: senderText(record),
          replayOff: record.environment === 'production' ? vscode.l10n.t('Replay works in the local sandbox and staging only.') : undefined,
          locale: vscode.env.language,
          back: this.host.backLabel(),
        },
        { environment: environment.live ? vscode.l10n.t('{0} (live)', environment.label) : environment.label },
      ),
    );
    return Promise.resolve();
  }

  /** The record says which environment it went to: the page stays as it is. */
  environmentChanged(): Promise<void> {
    return Promise.resolve();
  }

  async handle(message: WebviewMessage): Promise<boolean> {
    switch (message.type) {
      case 'copySnippet':
        await this.copySnippet(message.format);
        return true;
      case 'replay':
        await this.replay();
        return true;
      default:
        return false;
    }
  }

  /** The record on show, or undefined (with a notice) when the history no longer has it. */
  private record() {
    const record = this.host.deps.requests.get(this.id);
    if (!record) this.host.notice(vscode.l10n.t('This request is no longer in the history.'), 'error');
    return record;
  }

  private async copySnippet(format: SnippetTarget): Promise<void> {
    const record = this.record();
    if (!record) return;
    try {
      await vscode.env.clipboard.writeText(snippet(record.template, format));
      this.host.notice(vscode.l10n.t('Copied. Set the $WALLET_… variables it reads before you run it.'));
    } catch (error) {
      this.host.deps.logger.error('Copying a snippet failed', error);
      this.host.notice(vscode.l10n.t('Could not copy to the clipboard.'), 'error');
    }
  }

  private async replay(): Promise<void> {
    const record = this.record();
    if (!record) return;
    try {
      const outcome = await this.host.deps.replayer.replay(record);
      if (outcome)
        this.host.notice(
          vscode.l10n.t(
            'Replayed: {0} in {1} ms. The new request is at the top of the Requests view.',
            outcome.status,
            Math.round(outcome.durationMs),
          ),
        );
      else this.host.notice(vscode.l10n.t('Not replayed.'));
    } catch (error) {
      this.host.deps.logger.error(`Replay of ${record.method} ${record.path} failed`, error);
      this.host.notice(vscode.l10n.t('Replay failed: {0}', errorReason(error)), 'error');
    }
  }
}
