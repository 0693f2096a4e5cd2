import type { Readable } from 'node:stream';

/**
 * What `find` reads in a child process's output, once it is there: checked at each chunk the
 * stream brings, not on a clock. Rejects with `failure()` when the output ends first (the child
 * exited). However long a loaded machine takes to start the child, only the test's own timeout
 * ends the wait. Register the listener that collects the output before calling this.
 */
export function whenOutput<T>(stream: Readable, find: () => T | undefined, failure: () => string): Promise<T> {
  return new Promise((resolve, reject) => {
    const settle = (): void => {
      const found = find();
      if (found !== undefined) {
        stop();
        resolve(found);
      } else if (stream.readableEnded || stream.destroyed) {
        stop();
        reject(new Error(failure()));
      }
    };
    const stop = (): void => {
      stream.off('data', settle);
      stream.off('end', settle);
      stream.off('close', settle);
    };
    stream.on('data', settle);
    stream.on('end', settle);
    stream.on('close', settle);
    settle();
  });
}
