// The finding page: one finding of the local sandbox, read again on each load (a clear or a reset
// makes it go). Its request and event buttons open those pages, with "back" returning here.

import * as vscode from 'vscode';
import type { EnvironmentId } from '../../auth/environments';
import { errorReason } from '../../common/userFacingError';
import type { Finding } from '../../sandbox/reference';
import { renderFindingPage, type FindingRequestLine } from '../html/findingPage';
import { renderErrorPage } from '../html/statusPages';
import type { PanelState, WebviewMessage } from '../protocol';
import { EventController } from './eventController';
import type { PageController, PageHost } from './page';
import { RequestController } from './requestController';
import { answerText, recordTarget } from '../../requests/requestRecord';

export class FindingController implements PageController {
  constructor(
    private readonly host: PageHost,
    readonly id: string,
  ) {}

  state(): PanelState {
    return { view: 'finding', id: this.id };
  }

  /** Findings are the local sandbox's. */
  home(): EnvironmentId {
    return 'local';
  }

  backLabel(): string {
    return vscode.l10n.t('Back to finding {0}', this.id);
  }

  async load(): Promise<void> {
    const ticket = this.host.begin(this);
    const env = ticket.env;
    const title = vscode.l10n.t('Finding {0}', this.id);
    try {
      const finding = await this.read(env);
      if (!ticket.current()) return;
      if (finding) {
        ticket.draw(renderFindingPage(finding, this.requestLines(finding), this.host.context(env)));
        return;
      }
      const reason =
        env === 'local'
          ? vscode.l10n.t('The local sandbox no longer has this finding: it was cleared, or the sandbox was reset.')
          : vscode.l10n.t('Findings come from the local sandbox only. Switch back to it to see this finding again.');
      ticket.draw(renderErrorPage(title, vscode.l10n.t('Finding {0} is not available', this.id), reason, this.host.context(env), false));
    } catch (error) {
      this.host.deps.logger.error(`Show Finding ${this.id} failed`, error);
      ticket.draw(renderErrorPage(title, vscode.l10n.t('Could not load finding {0}', this.id), errorReason(error), this.host.context(env)));
    }
  }

  environmentChanged(): Promise<void> {
    return this.load();
  }

  async handle(message: WebviewMessage): Promise<boolean> {
    if (message.type === 'openRequest') {
      await this.host.navigate(new RequestController(this.host, message.id));
      return true;
    }
    if (message.type === 'openEvent') {
      await this.host.navigate(new EventController(this.host, message.id));
      return true;
    }
    return false;
  }

  /** Each request as the Requests view records it (masked); one it no longer holds says so. */
  private requestLines(finding: Finding): FindingRequestLine[] {
    return finding.requestIds.map((id) => {
      const record = this.host.deps.requests.get(id);
      if (!record) return { id };
      return { id, text: `${record.method} ${recordTarget(record)} · ${answerText(record)}` };
    });
  }

  private async read(env: EnvironmentId): Promise<Finding | undefined> {
    if (env !== 'local') return undefined;
    const findings = await (await this.host.deps.watch.instance()).findings();
    return findings.find((finding) => finding.id === this.id);
  }
}
