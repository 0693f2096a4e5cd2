// Which walkthrough steps each completion event completes, read from the extension's own
// manifest (contributes.walkthroughs), so package.json stays the one list of steps and events.
// Plain TypeScript: unit-tested without VS Code.

/**
 * A step's id as VS Code's walkthrough service knows it (and as its `welcome.markStepComplete`
 * command takes it): `<extension id>#<walkthrough id>#<step id>`.
 */
export function qualifiedStepId(extensionId: string, walkthroughId: string, stepId: string): string {
  return `${extensionId}#${walkthroughId}#${stepId}`;
}

export interface WalkthroughSteps {
  /** Qualified ids of the steps that `event` (say `onContext:walletConsole.signedIn`) completes. */
  completedBy(event: string): readonly string[];
  /** Every completion event some step listens for. */
  readonly events: readonly string[];
}

interface ManifestStep {
  id?: unknown;
  completionEvents?: unknown;
}

interface ManifestWalkthrough {
  id?: unknown;
  steps?: unknown;
}

/** Reads `contributes.walkthroughs` of a manifest (package.json as parsed); anything malformed is skipped. */
export function walkthroughSteps(extensionId: string, manifest: unknown): WalkthroughSteps {
  const byEvent = new Map<string, string[]>();
  const walkthroughs = (manifest as { contributes?: { walkthroughs?: unknown } } | undefined)?.contributes?.walkthroughs;
  for (const walkthrough of Array.isArray(walkthroughs) ? (walkthroughs as ManifestWalkthrough[]) : []) {
    if (typeof walkthrough.id !== 'string' || !Array.isArray(walkthrough.steps)) continue;
    for (const step of walkthrough.steps as ManifestStep[]) {
      if (typeof step.id !== 'string' || !Array.isArray(step.completionEvents)) continue;
      const id = qualifiedStepId(extensionId, walkthrough.id, step.id);
      for (const event of step.completionEvents) {
        if (typeof event !== 'string') continue;
        const steps = byEvent.get(event) ?? [];
        if (!steps.includes(id)) steps.push(id);
        byEvent.set(event, steps);
      }
    }
  }
  return { completedBy: (event) => byEvent.get(event) ?? [], events: [...byEvent.keys()] };
}
