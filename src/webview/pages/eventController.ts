// The webhook event page: one event of the local sandbox, its payload and every attempt. While
// it is on show, new attempts are sent to the page, which redraws them in place: a background
// update never reloads the page, reveals the panel or takes focus.

import * as vscode from 'vscode';
import type { EnvironmentId } from '../../auth/environments';
import { errorReason } from '../../common/userFacingError';
import { describeEvent, eventLive, renderEventPage, type WebhookEventView } from '../html/eventPage';
import { renderErrorPage } from '../html/statusPages';
import type { EventLive, PanelState, WebviewMessage } from '../protocol';
import type { PageController, PageHost, PageTicket } from './page';

export class EventController implements PageController {
  /** What the page's document was drawn with, and what the page has been sent since (undefined: not an event page). */
  private drawn: string | undefined;
  private latest: EventLive | undefined;

  constructor(
    private readonly host: PageHost,
    readonly id: string,
  ) {}

  state(): PanelState {
    return { view: 'event', id: this.id };
  }

  /** Webhook events are the local sandbox's. */
  home(): EnvironmentId {
    return 'local';
  }

  backLabel(): string {
    return vscode.l10n.t('Back to event {0}', this.id);
  }

  async load(): Promise<void> {
    const ticket = this.host.begin(this);
    const env = ticket.env;
    const title = vscode.l10n.t('Event {0}', this.id);
    this.drawn = this.latest = undefined;
    try {
      const event = await this.read(env);
      if (!ticket.current()) return;
      if (event) {
        const description = describeEvent(event, vscode.env.language);
        this.latest = eventLive(description);
        this.drawn = JSON.stringify(this.latest);
        ticket.draw(renderEventPage(description, this.host.context(env), this.host.backLabel()));
        return;
      }
      const reason =
        env === 'local'
          ? vscode.l10n.t('The local sandbox has no webhook event with this id (it keeps the latest 1,000).')
          : vscode.l10n.t('Webhook events come from the local sandbox only. Switch back to it to see this event again.');
      ticket.draw(
        renderErrorPage(title, vscode.l10n.t('Event {0} is not available', this.id), reason, this.host.context(env), env === 'local'),
      );
    } catch (error) {
      this.host.deps.logger.error(`Show Event ${this.id} failed`, error);
      ticket.draw(renderErrorPage(title, vscode.l10n.t('Could not load event {0}', this.id), errorReason(error), this.host.context(env)));
    }
  }

  /** In another environment the page says where the event is; back in the sandbox it is shown again. */
  environmentChanged(): Promise<void> {
    return this.load();
  }

  /**
   * The sandbox's events changed (a background update): when this event changed, the page is
   * sent its new state and attempts. Nothing else: the document, its scroll and focus stay.
   */
  async refresh(): Promise<void> {
    const ticket = this.host.continue(this);
    if (this.drawn === undefined) return;
    try {
      const event = await this.read(ticket.env);
      if (!event || !ticket.current() || this.drawn === undefined) return;
      const live = eventLive(describeEvent(event, vscode.env.language));
      if (JSON.stringify(live) === JSON.stringify(this.latest)) return;
      this.latest = live;
      this.send(ticket);
    } catch (error) {
      this.host.deps.logger.error(`Updating event ${this.id} in the panel failed`, error);
    }
  }

  /** A reloaded document (the panel was hidden, or the window reloaded) catches up on what it missed. */
  ready(): void {
    if (this.latest && JSON.stringify(this.latest) !== this.drawn) this.send(this.host.continue(this));
  }

  async handle(message: WebviewMessage): Promise<boolean> {
    if (message.type !== 'redeliver') return false;
    try {
      await (await this.host.deps.watch.instance()).webhooks.redeliver(this.id);
      this.host.notice(vscode.l10n.t('Redelivering the event…'));
    } catch (error) {
      this.host.deps.logger.error('Redelivering from the panel failed', error);
      this.host.notice(errorReason(error), 'error');
    }
    return true;
  }

  private send(ticket: PageTicket): void {
    if (this.latest) ticket.post({ type: 'eventLive', live: this.latest });
  }

  private async read(env: EnvironmentId): Promise<WebhookEventView | undefined> {
    return env === 'local' ? (await this.host.deps.watch.instance()).webhooks.get(this.id) : undefined;
  }
}
