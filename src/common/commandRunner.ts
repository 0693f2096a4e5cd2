import type { Logger } from './logger';

/** How a failed command ends: silently, logged only (the user was already told), or reported. */
export type FailureKind = 'cancelled' | 'alreadyShown' | 'failed';

/** Tells failures apart and shows the user the ones to report (see FailureNotice). */
export interface FailureHandler {
  kind(error: unknown): FailureKind;
  report(title: string, error: unknown): Promise<void>;
}

/**
 * Every command runs through one wrapper: cancelling is silent, a second invocation while the
 * first is still running is not started twice, and every failure is logged and reported once.
 * Whoever needs to know which commands the user ran (the walkthrough) listens here.
 */
export class CommandRunner {
  private readonly running = new Map<string, Promise<unknown>>();
  private readonly ranListeners = new Set<(command: string) => void>();

  constructor(
    private readonly logger: Pick<Logger, 'info' | 'error'>,
    private readonly failures: FailureHandler,
  ) {}

  /**
   * Runs `work` once per key (command and argument, see invocationKey) at a time; callers that
   * arrive while it runs share its result. A run without argument (it asks the user which)
   * also absorbs runs of `command` with one: two prompts for one command cannot be on screen at once.
   */
  run<T>(id: string, title: string, work: () => T | Promise<T>, command = id): Promise<T | undefined> {
    for (const listener of this.ranListeners) {
      try {
        listener(command);
      } catch (error) {
        // A listener's failure is its own: the command still runs.
        this.logger.error(`A listener of ${command} failed`, error);
      }
    }
    const inFlight = this.running.get(id) ?? this.running.get(command);
    if (inFlight) {
      this.logger.info(`${title} is already running; not starting it twice.`);
      return inFlight as Promise<T | undefined>;
    }
    const task = this.guard(title, work).finally(() => this.running.delete(id));
    this.running.set(id, task);
    return task;
  }

  /** Called with the command's id each time it is invoked, a second invocation that shares the first's run too; returns the unsubscribe. */
  onDidRun(listener: (command: string) => void): () => void {
    this.ranListeners.add(listener);
    return () => void this.ranListeners.delete(listener);
  }

  private async guard<T>(title: string, work: () => T | Promise<T>): Promise<T | undefined> {
    try {
      return await work();
    } catch (error) {
      const kind = this.failures.kind(error);
      if (kind === 'alreadyShown') this.logger.info(`${title} stopped: ${error instanceof Error ? error.message : String(error)}`);
      if (kind === 'failed') {
        this.logger.error(`${title} failed`, error);
        void this.failures.report(title, error);
      }
      return undefined;
    }
  }
}
