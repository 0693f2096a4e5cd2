// The Check Webhook Handler page: the report the command handed over. It is kept in memory only,
// so a reloaded window shows how to run the check again instead.

import * as vscode from 'vscode';
import type { EnvironmentId } from '../../auth/environments';
import type { WebhookCheckReport } from '../../sandbox';
import { renderErrorPage } from '../html/statusPages';
import { renderWebhookCheckPage } from '../html/webhookCheckPage';
import type { PanelState } from '../protocol';
import type { PageController, PageHost } from './page';

export class WebhookCheckController implements PageController {
  constructor(
    private readonly host: PageHost,
    readonly report: WebhookCheckReport | undefined,
  ) {}

  state(): PanelState {
    return { view: 'webhookCheck' };
  }

  /** The check ran against the local sandbox. */
  home(): EnvironmentId | undefined {
    return 'local';
  }

  backLabel(): string {
    return vscode.l10n.t('Back to the webhook handler check');
  }

  load(): Promise<void> {
    const ticket = this.host.begin(this);
    const context = this.host.context('local');
    ticket.draw(
      this.report
        ? renderWebhookCheckPage(this.report, context)
        : renderErrorPage(
            vscode.l10n.t('Webhook handler check'),
            vscode.l10n.t('The check’s report is not kept after a reload'),
            vscode.l10n.t('Run {0} again from the Events view.', vscode.l10n.t('Check Webhook Handler')),
            context,
            false,
          ),
    );
    return Promise.resolve();
  }

  environmentChanged(): Promise<void> {
    return Promise.resolve();
  }

  handle(): Promise<boolean> {
    return Promise.resolve(false);
  }
}
