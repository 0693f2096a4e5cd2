import type { Finding } from './finding';

// The run's record of findings (docs/integration-review.md, "Findings belong to the run"): every
// finding any world of the sandbox found since it started, the sandbox's own and each
// namespace's, kept across reset() and deleted namespaces. A reset clears what a world shows, not
// what the run found; clearFindings() (DELETE /__sandbox/findings) takes back what the world
// showed then, as seen and dealt with. The CLI's summary and --fail-on-findings read it, and
// GET /__sandbox/findings?scope=run.

/** How many findings the run keeps; past it the oldest go. */
export const MAX_RUN_FINDINGS = 2_000;

/** What the run asks of each world's book: judge what waits (a requery after a webhook…) and say when done. */
export interface SettlingBook {
  /** Judges what its rules wait on once its grace has passed; resolves when done. */
  settled(): Promise<void>;
}

export class RunFindings {
  private kept: Finding[] = [];
  private readonly books = new Set<SettlingBook>();

  /** A world's book reports here while it lives (a deleted namespace's stops; what it found stays). */
  attach(book: SettlingBook): () => void {
    this.books.add(book);
    return () => void this.books.delete(book);
  }

  add(finding: Finding): void {
    this.kept.push(finding);
    if (this.kept.length > MAX_RUN_FINDINGS) this.kept.splice(0, this.kept.length - MAX_RUN_FINDINGS);
  }

  /** Takes back findings a world showed when its findings were cleared on purpose. */
  forget(findings: readonly Finding[]): void {
    if (findings.length === 0) return;
    const gone = new Set(findings);
    this.kept = this.kept.filter((finding) => !gone.has(finding));
  }

  /**
   * The run's findings, oldest first (copies): every world's, or with `namespace`, only that
   * namespace's (null: the sandbox's own world's).
   */
  list(namespace?: string | null): Finding[] {
    const wanted = namespace === undefined ? this.kept : this.kept.filter((finding) => (finding.namespace ?? null) === namespace);
    return structuredClone(wanted);
  }

  /** Every live world's book judges what waits (within its grace); resolves when all have. */
  async settled(): Promise<void> {
    await Promise.all([...this.books].map((book) => book.settled()));
  }
}
