// One bound for one call, across every attempt and every wait between attempts: what the user
// waits for is what the setting says, whatever the retries. The caller's signal (a progress
// with Cancel) ends the call too; which of the two ended it decides timeout or cancelled.

export class Deadline {
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;
  private readonly startedAt = performance.now();
  private readonly onCallerAbort = () => this.controller.abort(this.caller?.reason);
  expired = false;

  constructor(
    readonly totalMs: number,
    private readonly caller: AbortSignal | undefined,
  ) {
    this.timer = setTimeout(() => {
      this.expired = true;
      // Named AbortError so that ofetch stops instead of retrying; `expired` says it was time.
      this.controller.abort(new DOMException('The call ran out of time.', 'AbortError'));
    }, totalMs);
    caller?.addEventListener('abort', this.onCallerAbort, { once: true });
  }

  /** Aborts on the deadline or when the caller aborts: hand it to the request. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Time left, for capping a wait before the next attempt. */
  remainingMs(): number {
    return Math.max(0, this.totalMs - (performance.now() - this.startedAt));
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.caller?.removeEventListener('abort', this.onCallerAbort);
  }
}
