// The error a bad scenario gives: apart from the loader, so the package's types need no valibot.

/** A scenario that cannot be used; `path` is the JSON path at fault ('' for the whole file). */
export class ScenarioError extends Error {
  /** Always `'ScenarioError'`. */
  override readonly name = 'ScenarioError';
  /** Stable across versions (the package README's table of errors). */
  readonly code = 'ERR_SANDBOX_SCENARIO';

  constructor(
    /** The JSON path at fault, e.g. `wallets[2].balance` ('' for the whole file). */
    readonly path: string,
    /** What is wrong there, e.g. `must be an integer number of kobo`. */
    readonly problem: string,
    /** The scenario file's path, when it came from a file. */
    readonly file?: string,
  ) {
    super(`${file ? `${file}: ` : ''}${path ? `${path}: ` : ''}${problem}`);
  }
}
