import * as v from 'valibot';
import { limitReached } from '../vocabulary/errors';
import { KNOB_SCHEMAS, MAX_FAULTS, type KnobName } from '../domain/inputs';
import { Fault, SandboxKnobs } from '../types';

// The knobs (the delay, the token lifetime, the faults): every API request reads them, so they
// live in a plain object the hot path reads as is. They change only through the world's
// operations (worlds/worldOperations.ts: the admin API and Sandbox.addFault, setLatency, …, which
// check them) and a request using a fault up; every change is reported, so the views that show
// them follow. Sandbox.knobs hands out a frozen copy: a write to it throws instead of slipping
// past the checks and the fault limit.

export type { KnobName };

/**
 * PATCH /__sandbox/knobs's body, setLatency and setTokenLifetime: each knob's own schema (the
 * definition a scenario's knobs have too: domain/inputs.ts). A knob named with no value
 * (setLatency(undefined) from Node) is refused, not skipped: JSON never carries one.
 */
export const SetKnobsSchema = v.strictObject({
  tokenLifetimeSeconds: v.exactOptional(KNOB_SCHEMAS.tokenLifetimeSeconds),
  latencyMs: v.exactOptional(KNOB_SCHEMAS.latencyMs),
} satisfies Record<KnobName, v.GenericSchema>);

export class Knobs {
  /** What requests read, and the operations change. */
  readonly raw: SandboxKnobs;
  private nextId = 1;
  private queued = false;

  constructor(
    tokenLifetimeSeconds: number,
    private readonly report: () => void,
  ) {
    this.raw = { tokenLifetimeSeconds, latencyMs: 0, faults: [] };
  }

  /** Sandbox.knobs: a frozen copy of the knobs as they are now (change them through the world's controls). */
  view(): Readonly<SandboxKnobs> {
    const { tokenLifetimeSeconds, latencyMs, faults } = this.raw;
    const copies = Object.freeze(faults.map((fault) => Object.freeze({ ...fault })));
    return Object.freeze({ tokenLifetimeSeconds, latencyMs, faults: copies as Fault[] });
  }

  /** Reports a change once the current turn's changes are made (a splice touches several indexes). */
  changed(): void {
    if (this.queued) return;
    this.queued = true;
    queueMicrotask(() => {
      this.queued = false;
      this.report();
    });
  }

  /** Faults are removed by id: a client's copy of the list cannot point at the sandbox's objects. */
  identify(fault: Fault): Fault {
    fault.id ??= `flt_${this.nextId++}`;
    return fault;
  }

  add(fault: Fault): Fault {
    this.checkRoom(this.raw.faults.length);
    this.raw.faults.push(this.identify(fault));
    this.changed();
    return fault;
  }

  /** False when no fault has that id (cleared, or used up meanwhile). */
  remove(id: string): boolean {
    const index = this.raw.faults.findIndex((fault) => fault.id === id);
    if (index < 0) return false;
    this.raw.faults.splice(index, 1);
    this.changed();
    return true;
  }

  /** Throws the 409 of the fault limit when a fault would go at `index` past it. */
  private checkRoom(index: number): void {
    if (index >= MAX_FAULTS) {
      throw limitReached(
        409,
        `This world holds ${MAX_FAULTS} faults, its limit: remove some (DELETE /__sandbox/faults/{id}) or all (DELETE /__sandbox/faults)`,
      );
    }
  }

  /** Removes every fault; answers how many there were. */
  clear(): number {
    const count = this.raw.faults.length;
    this.raw.faults.length = 0;
    this.changed();
    return count;
  }
}
