// The error a bad scenario gives: apart from the loader, so the package's types need no valibot.

/** A scenario that cannot be used; `path` is the JSON path at fault ('' for the whole file). */
export class ScenarioError extends Error {
  override readonly name = 'ScenarioError';

  constructor(
    readonly path: string,
    readonly problem: string,
    readonly file?: string,
  ) {
    super(`${file ? `${file}: ` : ''}${path ? `${path}: ` : ''}${problem}`);
  }
}
