/**
 * One piece of remote data a view shows. A failed refresh keeps the last good value and
 * marks it stale instead of blanking it; a refresh already in flight is shared.
 */
export class Loadable<T> {
  value: T | undefined;
  error: string | undefined;
  updatedAt: number | undefined;
  private inFlight: Promise<void> | undefined;
  private generation = 0;

  constructor(private readonly onChange: () => void) {}

  get loading(): boolean {
    return this.inFlight !== undefined;
  }

  /** Has a value and the last attempt failed: show it, marked stale. */
  get stale(): boolean {
    return this.value !== undefined && this.error !== undefined;
  }

  isFresh(maxAgeMs: number): boolean {
    return this.updatedAt !== undefined && this.error === undefined && Date.now() - this.updatedAt < maxAgeMs;
  }

  load(fetch: () => Promise<T>, describe: (error: unknown) => string): Promise<void> {
    if (this.inFlight) return this.inFlight;
    const generation = this.generation;
    const run = async () => {
      try {
        const value = await fetch();
        if (generation !== this.generation) return; // Cleared meanwhile: the answer is for old data.
        this.value = value;
        this.error = undefined;
        this.updatedAt = Date.now();
      } catch (error) {
        if (generation === this.generation) this.error = describe(error);
      } finally {
        if (generation === this.generation) this.inFlight = undefined;
        this.onChange();
      }
    };
    const task = run();
    this.inFlight = task;
    this.onChange();
    return task;
  }

  /** Forgets the data; an answer still in flight for it is dropped when it arrives. */
  clear(): void {
    this.generation++;
    this.inFlight = undefined;
    this.value = undefined;
    this.error = undefined;
    this.updatedAt = undefined;
  }
}
