// The extension's lazy bundles: files beside dist/extension.js (esbuild.js lists them) that load
// the first time their feature is used, so VS Code parses only what start-up needs.
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Imports `dist/<file>` once, on the first call; a failed import is tried again on the next call.
 * A bundle holds its own copy of every module it imports: classes checked across bundles carry
 * a brand (see WalletApiError), and module state is not shared.
 */
export function lazyBundle<T>(file: string): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    // A file URL: import() takes one on every platform.
    loaded ??= (import(pathToFileURL(path.join(__dirname, file)).href) as Promise<T & { default?: T }>).then(
      // An import of a CommonJS bundle holds its exports under `default`.
      (module) => module.default ?? module,
      (error: unknown) => {
        loaded = undefined;
        throw error;
      },
    );
    return loaded;
  };
}
