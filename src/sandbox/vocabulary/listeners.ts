// The one way the sandbox keeps listeners of one kind (its changes, its journal's, a shared
// sandbox's notices): a listener's failure is its own, so the others still hear and whoever tells
// them goes on.

export interface Listeners<T> {
  /** Adds a listener; answers what removes it. */
  add(listener: (value: T) => void): () => void;
  /** Calls every listener with `value`; one that throws is handed to `failed` (by default, dropped). */
  tell(value: T): void;
}

export function listeners<T>(failed: (error: unknown) => void = () => undefined): Listeners<T> {
  const set = new Set<(value: T) => void>();
  return {
    add: (listener) => {
      set.add(listener);
      return () => void set.delete(listener);
    },
    tell: (value) => {
      for (const listener of set) {
        try {
          listener(value);
        } catch (error) {
          failed(error);
        }
      }
    },
  };
}
