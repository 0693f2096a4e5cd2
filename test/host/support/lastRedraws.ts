// The host closes as soon as the run ends; a tree view redraw the last test's change started may
// still be in flight, and VS Code logs the cancelled one ("Unable to refresh tree view …
// Canceled"), which fails the run. So the views are followed for the whole run, and the run ends
// once VS Code has drawn every change they announced.
import type Mocha from 'mocha';
import { activateExtension } from './extension';
import { followRedraws } from './redraws';

/** Follows the views from the run's start; the answer waits until VS Code drew the last changes. */
export function followViewsForTheRun(root: Mocha.Suite): () => Promise<void> {
  let follower: ReturnType<typeof followRedraws> | undefined;
  root.beforeAll(async () => {
    follower = followRedraws(await activateExtension());
  });
  return async () => follower?.drawn('the views to draw the last test’s changes before the host closes');
}
