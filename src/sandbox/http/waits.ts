// Sleeps that shutdown can cut short, so closing the sandbox never hangs on a long fault delay.

export class Waits {
  private readonly pending = new Set<() => void>();

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.pending.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.pending.add(done);
    });
  }

  wakeAll(): void {
    for (const wake of [...this.pending]) {
      wake();
    }
  }
}
