// One way to own and release resources (as GitHub Pull Requests' common/lifecycle.ts): a
// class extends Disposable and hands what it creates to _register(); dispose() releases it
// all once, in the order registered. Plain TypeScript, so it is unit-tested without VS Code.

export interface IDisposable {
  dispose(): unknown;
}

/** Disposes each in order; one that throws does not stop the rest. */
export function disposeAll(disposables: IDisposable[]): void {
  const errors: unknown[] = [];
  for (const disposable of disposables) {
    try {
      disposable.dispose();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateError(errors, 'Several disposables failed to dispose.');
}

/** A plain function run on dispose (clearing a timer, say). */
export function toDisposable(dispose: () => void): IDisposable {
  return { dispose };
}

export abstract class Disposable implements IDisposable {
  private disposed = false;
  private disposables: IDisposable[] = [];

  /** Owns `value`: it is disposed with this object (at once, if this one is already disposed). */
  protected _register<T extends IDisposable>(value: T): T {
    if (this.disposed) value.dispose();
    else this.disposables.push(value);
    return value;
  }

  protected get isDisposed(): boolean {
    return this.disposed;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const owned = this.disposables;
    this.disposables = [];
    disposeAll(owned);
  }
}
