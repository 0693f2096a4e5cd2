import { randomBytes } from 'node:crypto';
import { historySize } from '../domain/bulkHistory';
import { AppRecord, PersistedState, SandboxState } from '../domain/state';
import type { Scenario } from '../scenario/format';
import { applyPasscodes } from '../scenario/scenarioState';

// The world a sandbox started from (its scenario's, or a fresh seeded one), kept as built: a
// reset or a new namespace copies it instead of building the scenario again (no password hashing,
// no generated history), which is what makes either take milliseconds.

export class WorldStart {
  /**
   * The start as the state file holds a world (JSON text): parsing it again is a deep copy, several
   * times faster than structuredClone of the object (a reset is mostly this copy).
   */
  private readonly saved: string;
  /** The scenario's clock start (epoch ms); undefined: the world starts at the real now. */
  private readonly startMs: number | undefined;
  /** How many transactions its wallets hold: what each copy (a namespace) adds to the sandbox's history budget. */
  readonly transactions: number;
  /** Whether it has an app (a namespace of a start without one gets one, with a developer and their wallet). */
  readonly hasApps: boolean;

  constructor(
    state: SandboxState,
    private readonly scenario: Scenario | undefined,
    /** Whether the copies' clocks are frozen (the scenario's or the start options' `clock.frozen`). */
    private readonly frozen = false,
  ) {
    this.saved = JSON.stringify(state.toJSON());
    this.transactions = historySize(state);
    this.hasApps = state.apps.allApps().length > 0;
    this.startMs = scenario?.clock?.start === undefined ? undefined : Date.parse(scenario.clock.start);
  }

  /**
   * A new state as the start's, its clock at the scenario's start (frozen there if asked), with a signing secret of its
   * own: tokens issued before (or in another copy) do not open it.
   */
  copy(realNowMs: number, keys?: ReadonlyMap<string, AppKeyHashes>): SandboxState {
    const saved = JSON.parse(this.saved) as PersistedState;
    // A namespace reset keeps the keys its apps have now: its workers hold them.
    for (const app of saved.apps) Object.assign(app, keys?.get(app._id));
    const state = SandboxState.hydrate({ ...saved, secret: randomBytes(32).toString('hex') }, realNowMs);
    state.clockOffsetMs = this.startMs === undefined ? 0 : this.startMs - realNowMs;
    state.clockFrozenAtMs = this.frozen ? realNowMs + state.clockOffsetMs : undefined;
    if (this.scenario) applyPasscodes(state, this.scenario);
    return state;
  }

  /** A start made of `state` (a namespace as it was made) with this one's scenario (its clock start and passcodes). */
  derive(state: SandboxState): WorldStart {
    return new WorldStart(state, this.scenario);
  }
}

/** An app's keys as the sandbox keeps them: their hashes. */
export type AppKeyHashes = Pick<AppRecord, 'keyHash' | 'sandboxKeyHash'>;

/** The key hashes of every app of `state`, by app id. */
export function appKeyHashes(state: SandboxState): Map<string, AppKeyHashes> {
  return new Map(state.apps.allApps().map((app) => [app._id, { keyHash: app.keyHash, sandboxKeyHash: app.sandboxKeyHash }]));
}
