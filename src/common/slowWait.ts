import * as vscode from 'vscode';

/** Waits shorter than this stay in the spinner of the view or status bar that asked. */
export const SLOW_AFTER_MS = 2_000;

/**
 * Runs `work` at once; if it is still running after SLOW_AFTER_MS, a notification with Cancel
 * appears, and Cancel aborts the signal `work` was given (the request ends as cancelled).
 */
export async function withSlowWaitProgress<T>(title: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const task = work(controller.signal);
  const timer = setTimeout(() => {
    void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (_progress, token) => {
      const cancel = token.onCancellationRequested(() => controller.abort());
      return task.then(
        () => cancel.dispose(),
        () => cancel.dispose(),
      );
    });
  }, SLOW_AFTER_MS);
  try {
    return await task;
  } finally {
    clearTimeout(timer);
  }
}
