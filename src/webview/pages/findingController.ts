// The finding page: one finding of the local sandbox, read again on each load (a clear or a reset
// makes it go). Its request and event buttons open those pages, with "back" returning here.

import * as vscode from 'vscode';
import type { EnvironmentId } from '../../auth/environments';
import { errorReason } from '../../common/userFacingError';
import type { PublicWebhookEvent, SandboxClient } from '../../sandbox';
import type { Finding } from '../../sandbox/reference';
import { findingStory, type FindingStory } from '../../requests/findingStory';
import { renderFindingPage } from '../html/findingPage';
import { renderErrorPage } from '../html/statusPages';
import type { PanelState, WebviewMessage } from '../protocol';
import { EventController } from './eventController';
import type { PageController, PageHost } from './page';
import { RequestController } from './requestController';

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
      const sandbox = env === 'local' ? await this.host.deps.watch.instance() : undefined;
      const finding = sandbox && (await sandbox.findings()).find((candidate) => candidate.id === this.id);
      const story = sandbox && finding && (await this.story(sandbox, finding));
      if (!ticket.current()) return;
      if (finding && story) {
        ticket.draw(renderFindingPage(finding, story, this.host.context(env)));
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

  /** What the app did: each request as the Requests view records it (masked), each event as the sandbox has it. */
  private async story(sandbox: SandboxClient, finding: Finding): Promise<FindingStory> {
    const events = new Map<string, PublicWebhookEvent | undefined>(
      await Promise.all(finding.eventIds.map(async (id) => [id, await sandbox.webhooks.get(id)] as const)),
    );
    return findingStory(
      finding,
      (id) => this.host.deps.requests.get(id),
      (id) => events.get(id),
      vscode.env.language,
    );
  }
}
