// What the host side of `npm run bench` measures, as it writes it for scripts/bench/run.mjs.
// Plain numbers only: the orchestration applies the budgets.

export interface ActivationReport {
  /** Time spent inside activate(), as the extension measured it. */
  activationMs: number;
  /** From extension.activate() to the API: loading the bundle plus activate(). */
  activateCallMs: number;
  /** True when something activated the extension before the benchmark asked (not a cold start). */
  wasActive: boolean;
  /** Whether the local sandbox had started when activation returned. */
  sandboxStarted: boolean;
  extensionPath: string;
  hostNode: string;
}

/** The first use of each feature after activation (test/bench/firstUse.ts), by feature name. */
export interface FirstUseReport {
  /** Each first use as a user waits for it: VS Code's work around ours included. */
  ms: Record<string, number>;
  /** Where the extension marks it (src/common/firstUseMarks.ts): its own part within `ms`, which the budget judges. */
  oursMs: Record<string, number>;
  errors: Record<string, string>;
  /** What VS Code itself takes for the same kind of step (no budget: not ours). */
  referenceMs: Record<string, number>;
}

export interface LoggedRequest {
  /** The journal's id (ascending). */
  id: number;
  method: string;
  path: string;
  /** When the sandbox received it (epoch ms). */
  at: number;
  /** From its arrival to its answer. */
  durationMs: number;
  status: number;
}

export interface RequestsReport {
  /** How the view was opened: by VS Code drawing it, or by walking the tree provider. */
  openedBy: 'workbench' | 'provider';
  /** What the open asked; the sandbox held each answer until all of them had arrived (test/bench/requests.ts). */
  open: LoggedRequest[];
  reopen: LoggedRequest[];
  /** GET /v1/queries/banks over the whole session (panel + palette, several verifications). */
  bankListFetches: number;
  sessionRequests: number;
}

export interface TransferReport {
  /** Per send: from the confirmation's answer to the balance row drawn with the new amount. */
  samplesMs: number[];
}

export interface HostReport {
  activation?: ActivationReport;
  firstUse?: FirstUseReport;
  requests?: RequestsReport;
  transfer?: TransferReport;
  /** Phase name: what went wrong. */
  errors: Record<string, string>;
}

export type Phase = 'activation' | 'requests' | 'transfer';
