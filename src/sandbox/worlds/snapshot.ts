import { randomBytes } from 'node:crypto';
import { PersistedState, SandboxState } from '../domain/state';
import type { Scenario } from '../scenario/format';
import { applyPasscodes } from '../scenario/world';

// The world a sandbox started from (its scenario's, or a fresh seeded one), kept as built: a
// reset or a new namespace copies it instead of building the scenario again (no password hashing,
// no generated history), which is what makes either take milliseconds.

export class WorldSnapshot {
  private readonly saved: PersistedState;
  /** The scenario's clock start (epoch ms); undefined: the world starts at the real now. */
  private readonly startMs: number | undefined;

  constructor(
    state: SandboxState,
    private readonly scenario: Scenario | undefined,
    /** Whether the copies' clocks are frozen (the scenario's or the start options' `clock.frozen`). */
    private readonly frozen = false,
  ) {
    this.saved = structuredClone(state.toJSON());
    this.startMs = scenario?.clock?.start === undefined ? undefined : Date.parse(scenario.clock.start);
  }

  /**
   * A new state as the snapshot's, its clock at the scenario's start (frozen there if asked), with a signing secret of its
   * own: tokens issued before (or in another copy) do not open it.
   */
  copy(realNowMs: number): SandboxState {
    const state = SandboxState.hydrate({ ...structuredClone(this.saved), secret: randomBytes(32).toString('hex') }, realNowMs);
    state.clockOffsetMs = this.startMs === undefined ? 0 : this.startMs - realNowMs;
    state.clockFrozenAtMs = this.frozen ? realNowMs + state.clockOffsetMs : undefined;
    if (this.scenario) applyPasscodes(state, this.scenario);
    return state;
  }
}
