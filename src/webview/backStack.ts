// The panel's "back": the pages the user came from, newest last. Plain TypeScript (no vscode),
// so its rules are unit tested on their own.

import type { EnvironmentId } from '../auth/environments';
import type { PanelState } from './protocol';

/** What the stack needs to know of a page. */
export interface BackPage {
  state(): PanelState;
  /** The environment the page's data belongs to; undefined when it reads the same in any. */
  home(): EnvironmentId | undefined;
}

/** How many pages "back" remembers; older ones are forgotten. */
export const BACK_LIMIT = 20;

function key(page: BackPage): string {
  return JSON.stringify(page.state());
}

export class BackStack<T extends BackPage> {
  private entries: T[] = [];

  /**
   * Remembers `from` as the page the user is leaving for `to`. A verification page is never
   * remembered (it is a tool opened from a page, not a place to return to), nor is a page the
   * user is not really leaving (`to` is the same page); a page seen before moves to the top.
   */
  leave(from: T | undefined, to: BackPage): void {
    if (!from || from.state().view === 'verify' || key(from) === key(to)) return;
    const fromKey = key(from);
    this.entries = this.entries.filter((entry) => key(entry) !== fromKey);
    this.entries.push(from);
    if (this.entries.length > BACK_LIMIT) this.entries.splice(0, this.entries.length - BACK_LIMIT);
  }

  /**
   * The page "back" returns to: the one the user came from, when its data belongs to `env`.
   * One of another environment is not offered (nor skipped for an older one): after a switch
   * back to its environment it is offered again.
   */
  peek(env: EnvironmentId): T | undefined {
    const top = this.entries.at(-1);
    return top && belongs(top, env) ? top : undefined;
  }

  /** Takes the page {@link peek} names off the stack. */
  pop(env: EnvironmentId): T | undefined {
    const page = this.peek(env);
    if (page) this.entries.pop();
    return page;
  }

  clear(): void {
    this.entries = [];
  }
}

function belongs(page: BackPage, env: EnvironmentId): boolean {
  const home = page.home();
  return home === undefined || home === env;
}
