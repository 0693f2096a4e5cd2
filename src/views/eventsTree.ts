import * as vscode from 'vscode';
import type { AccountService } from '../auth/accountService';
import { COMMANDS } from '../common/commandIds';
import { formatDateTime } from '../common/formatTime';
import { countText } from '../common/plural';
import { Disposable } from '../common/lifecycle';
import type { PublicWebhookEvent, WebhookAttempt } from '../sandbox';
import {
  attemptCopies,
  attemptOutcome,
  attemptSucceeded,
  eventDescription,
  eventStateLabel,
  eventTitle,
  failedDeliveries,
  newestFirst,
} from '../localSandbox/eventSummary';
import type { SandboxWatch } from '../localSandbox/sandboxWatch';
import { tidyItem } from './tidy';

export type EventNode = { kind: 'event'; id: string; event: PublicWebhookEvent } | { kind: 'attempt'; id: string; attempt: WebhookAttempt };

const STATE_ICONS: Record<PublicWebhookEvent['state'], vscode.ThemeIcon> = {
  pending: new vscode.ThemeIcon('loading~spin'),
  delivered: new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed')),
  retrying: new vscode.ThemeIcon('sync', new vscode.ThemeColor('list.warningForeground')),
  failed: new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground')),
  withheld: new vscode.ThemeIcon('eye-closed', new vscode.ThemeColor('list.warningForeground')),
};

/**
 * The local sandbox's webhook events, newest first, each with its delivery attempts below it.
 * Redrawn when the sandbox says events changed (debounced by the watch); never polls, and never
 * starts the sandbox: before it runs, and outside the local environment, the list is empty and
 * the welcome text says why.
 */
export class EventsTreeProvider extends Disposable implements vscode.TreeDataProvider<EventNode> {
  private readonly changed = this._register(new vscode.EventEmitter<EventNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private events: PublicWebhookEvent[] = [];
  /** The read under way (one per refresh); getChildren answers once it is done. */
  private loading: Promise<void> = Promise.resolve();
  private reads = 0;

  constructor(
    private readonly service: AccountService,
    private readonly watch: SandboxWatch,
  ) {
    super();
    this.loading = this.reload();
    this._register(
      watch.onDidChange((change) => {
        if (change.events) this.refresh();
      }),
    );
    this._register(service.onDidChange(() => this.refresh()));
  }

  /** Failed deliveries among the events shown (the view's badge). */
  get failedCount(): number {
    return failedDeliveries(this.events);
  }

  /** The events as last read, newest first (tests and the badge read them). */
  get shown(): readonly PublicWebhookEvent[] {
    return this.events;
  }

  /** Reads the events once (for the rows and the badge, shown or not), then redraws. */
  refresh(): void {
    this.loading = this.reload();
    void this.loading.then(() => this.changed.fire(undefined));
  }

  private async reload(): Promise<void> {
    const read = ++this.reads;
    const sandbox = this.service.env() === 'local' ? this.watch.current : undefined;
    let events: PublicWebhookEvent[];
    try {
      events = sandbox ? await newestFirst(sandbox) : [];
    } catch {
      // The process that served it went away mid-read: the next refresh reads where it is now.
      return;
    }
    // A slower earlier read never replaces a later one.
    if (read === this.reads) this.events = events;
  }

  async getChildren(node?: EventNode): Promise<EventNode[]> {
    if (!node) {
      await this.loading;
      return this.events.map((event) => ({ kind: 'event', id: event.id, event }));
    }
    if (node.kind === 'event') {
      return [...node.event.attempts].reverse().map((attempt) => ({ kind: 'attempt', id: `${node.id}#${attempt.number}`, attempt }));
    }
    return [];
  }

  getTreeItem(node: EventNode): vscode.TreeItem {
    return tidyItem(node.kind === 'event' ? this.eventItem(node.event) : this.attemptItem(node.attempt, node.id));
  }

  private eventItem(event: PublicWebhookEvent): vscode.TreeItem {
    const collapsed = event.attempts.length > 0 ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None;
    const title = eventTitle(event);
    const item = new vscode.TreeItem(title, collapsed);
    // A stable id keeps the row expanded across redraws.
    item.id = event.id;
    item.description = eventDescription(event);
    item.iconPath = STATE_ICONS[event.state];
    item.contextValue = `event.${event.state}`;
    const tries = event.attempts.length;
    const attempts = countText(tries, vscode.l10n.t('{0} attempt', tries), vscode.l10n.t('{0} attempts', tries), vscode.env.language);
    item.tooltip = [
      `${title} · ${eventStateLabel(event.state)}`,
      event.test
        ? vscode.l10n.t(
            'A test event (Trigger Test Event, Check Webhook Handler or the sandbox’s test-event API): the integration review makes no finding of it.',
          )
        : '',
      disorderNote(event),
      vscode.l10n.t('Created {0}', formatDateTime(event.createdAt, vscode.env.language)),
      vscode.l10n.t('To {0}', event.url),
      attempts,
      event.nextAttemptAt ? vscode.l10n.t('Next attempt {0}', formatDateTime(event.nextAttemptAt, vscode.env.language)) : '',
    ]
      .filter(Boolean)
      .join('\n');
    item.accessibilityInformation = { label: `${title}, ${eventDescription(event)}, ${attempts}` };
    item.command = { command: COMMANDS.showEvent, title: vscode.l10n.t('Show Event'), arguments: [event.id] };
    return item;
  }

  private attemptItem(attempt: WebhookAttempt, id: string): vscode.TreeItem {
    const item = new vscode.TreeItem(
      vscode.l10n.t('Attempt {0}: {1}', attempt.number, formatDateTime(attempt.at, vscode.env.language)),
      vscode.TreeItemCollapsibleState.None,
    );
    item.id = id;
    item.description = [attemptOutcome(attempt), vscode.l10n.t('{0} ms', attempt.durationMs), attemptCopies(attempt)]
      .filter((part) => part !== undefined)
      .join(' · ');
    item.iconPath = attemptSucceeded(attempt)
      ? new vscode.ThemeIcon('check', new vscode.ThemeColor('testing.iconPassed'))
      : new vscode.ThemeIcon('close', new vscode.ThemeColor('list.errorForeground'));
    item.contextValue = 'eventAttempt';
    item.tooltip = attempt.excerpt ? attempt.excerpt.slice(0, 200) : undefined;
    return item;
  }
}

/** What the tooltip says of an event production's disorder made: withheld, older and sent late, or sent as copies at once. */
function disorderNote(event: PublicWebhookEvent): string {
  if (event.state === 'withheld') {
    return vscode.l10n.t(
      'Withheld by the sandbox: your app never got it, as when an event never comes. Only a requery tells it the outcome.',
    );
  }
  if (event.outOfOrderAfter !== undefined) {
    return vscode.l10n.t(
      'An older event of this transfer, sent after the newer one ({0}): its state must not undo the newer one.',
      event.outOfOrderAfter,
    );
  }
  const copies = event.attempts.find((attempt) => attempt.copies !== undefined)?.copies;
  return copies === undefined ? '' : vscode.l10n.t('Sent as {0} copies at once: the work must still happen once.', copies);
}
