import { invalid, limitReached } from '../errors';
import { MAX_FAULTS } from '../scenario/format';
import { Fault, SandboxKnobs } from '../types';
import { parseFault } from './faults';

// The knobs (the delay, the token lifetime, the faults): every API request reads them, so they
// live in a plain object the hot path reads as is; every change of them, whoever makes it (the
// admin API, a caller of Sandbox.knobs, a request using a fault up), is reported, so the views
// that show them follow.

/** The knobs a caller sets, each with its range: PATCH /__sandbox/knobs and Sandbox.knobs keep the same. */
export const KNOB_LIMITS = {
  tokenLifetimeSeconds: [1, 10 * 365 * 86400],
  latencyMs: [0, 600_000],
} as const;
export type KnobName = keyof typeof KNOB_LIMITS;

/** The knob's value, or a 400 that names its range. */
export function checkKnob(name: KnobName, value: unknown): number {
  const [min, max] = KNOB_LIMITS[name];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(`${name} must be a whole number from ${min} to ${max}`);
  }
  return value;
}

/** A fault put straight into Sandbox.knobs.faults: refused as POST /__sandbox/faults refuses it. */
function checkFault(value: object): void {
  const { id, ...fields } = value as Fault;
  void id;
  parseFault(fields as Record<string, unknown>);
}

export class Knobs {
  /** What requests read: plain fields, never through a proxy. */
  readonly raw: SandboxKnobs;
  /** Sandbox.knobs: the same knobs, each change through it reported. */
  readonly watched: SandboxKnobs;
  private nextId = 1;
  private queued = false;

  constructor(
    tokenLifetimeSeconds: number,
    private readonly report: () => void,
  ) {
    this.raw = { tokenLifetimeSeconds, latencyMs: 0, faults: [] };
    this.watched = watchedView(this);
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
  checkRoom(index: number): void {
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

function isIndex(key: string | symbol): boolean {
  return typeof key === 'string' && /^\d+$/.test(key);
}

/** The knobs as Sandbox.knobs hands them out: reads go to the plain object, writes are checked and reported. */
function watchedView(knobs: Knobs): SandboxKnobs {
  const { raw } = knobs;
  const faults = new Proxy(raw.faults, {
    set(target, key, value: unknown) {
      if (isIndex(key) && Number(key) >= target.length) knobs.checkRoom(Number(key));
      if (isIndex(key) && typeof value === 'object' && value !== null) {
        checkFault(value);
        knobs.identify(value as Fault);
      }
      const done = Reflect.set(target, key, value);
      knobs.changed();
      return done;
    },
    deleteProperty(target, key) {
      const done = Reflect.deleteProperty(target, key);
      knobs.changed();
      return done;
    },
  });
  return {
    get tokenLifetimeSeconds() {
      return raw.tokenLifetimeSeconds;
    },
    set tokenLifetimeSeconds(value: number) {
      raw.tokenLifetimeSeconds = checkKnob('tokenLifetimeSeconds', value);
      knobs.changed();
    },
    get latencyMs() {
      return raw.latencyMs;
    },
    set latencyMs(value: number) {
      raw.latencyMs = checkKnob('latencyMs', value);
      knobs.changed();
    },
    get faults() {
      return faults;
    },
  };
}
