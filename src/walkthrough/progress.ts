import * as vscode from 'vscode';
import { Disposable, toDisposable } from '../common/lifecycle';
import type { Logger } from '../common/logger';
import type { WalkthroughSteps } from './steps';

/** VS Code's own command behind a step's "Mark Done" (its argument: the qualified step id). */
export const MARK_STEP_COMPLETE = 'welcome.markStepComplete';
/** Once more after this long if VS Code had not yet read the walkthrough when a step was marked. */
const RETRY_MS = 3000;

/** Something that says a context key was set, with the keys already set (ContextKeys does). */
export interface ContextKeySource {
  readonly values: Record<string, unknown>;
  readonly onDidSet: vscode.Event<{ key: string; value: unknown }>;
}

/**
 * Marks walkthrough steps done for what the user has already done, not only for what VS Code
 * sees happen. VS Code's walkthrough service starts late (when the Welcome page first opens) and
 * keeps no record of events before that: a command run or a view shown earlier is lost, and an
 * `onContext` expression that is already true when it reads the walkthrough is taken as "seen"
 * without checking the step, so a developer signed in from a previous run saw "Sign up"
 * unchecked for good. This follows the same events the manifest lists (context keys, views,
 * commands) and checks their steps with VS Code's own Mark Done command.
 */
export class WalkthroughProgress extends Disposable {
  /**
   * Context and view events already recorded in this session: each marks its steps once (they
   * fire again with every change). Per event, not per step: a step the user marked not done is
   * checked again by another of its events, as VS Code does.
   */
  private readonly recorded = new Set<string>();

  constructor(
    private readonly steps: WalkthroughSteps,
    private readonly logger: Logger,
    private readonly markStep: (stepId: string) => Thenable<unknown> = (stepId) =>
      vscode.commands.executeCommand(MARK_STEP_COMPLETE, stepId),
  ) {
    super();
  }

  /** Context keys `walletConsole.<key>`: a step completes when its key is set to a true value, now or later. */
  followContextKeys(keys: ContextKeySource, prefix = 'walletConsole.'): void {
    const record = (key: string, value: unknown) => {
      if (value) this.record(`onContext:${prefix}${key}`);
    };
    for (const [key, value] of Object.entries(keys.values)) record(key, value);
    this._register(keys.onDidSet(({ key, value }) => record(key, value)));
  }

  /** A view: its step completes once the view is visible, including when it already is. */
  followView(view: vscode.TreeView<unknown>, viewId: string): void {
    if (view.visible) this.record(`onView:${viewId}`);
    this._register(
      view.onDidChangeVisibility(({ visible }) => {
        if (visible) this.record(`onView:${viewId}`);
      }),
    );
  }

  /**
   * One of this extension's commands ran (from anywhere: palette, tree, a CodeLens, a walkthrough
   * link): its steps are checked every time, as VS Code checks an `onCommand` step, so a step the
   * user marked not done is checked again by running the command again.
   */
  commandRan(commandId: string): void {
    this.markStepsOf(`onCommand:${commandId}`);
  }

  /** Checks every step `event` completes, the first time this session sees `event`. */
  record(event: string): void {
    if (this.recorded.has(event)) return;
    this.recorded.add(event);
    this.markStepsOf(event);
  }

  private markStepsOf(event: string): void {
    for (const stepId of this.steps.completedBy(event)) void this.mark(stepId, true);
  }

  private async mark(stepId: string, retry: boolean): Promise<void> {
    if (this.isDisposed) return;
    try {
      await this.markStep(stepId);
    } catch (error) {
      // "Tried to progress unknown step": the command started VS Code's walkthrough service,
      // which reads the walkthroughs a moment later. (It keeps the progress anyway; once more
      // makes sure.) An editor without the command leaves the walkthrough to its own events.
      if (!retry) {
        this.logger.info(`Walkthrough step ${stepId} not marked done: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
      const timer = setTimeout(() => void this.mark(stepId, false), RETRY_MS);
      this._register(toDisposable(() => clearTimeout(timer)));
    }
  }
}
