import { ApiError, ErrorCode } from '../vocabulary/errors';
import { checkSpan } from './clock';

// Runs work when the virtual clock reaches its time: on a real timer (so a pending transfer
// settles by itself while someone watches), and when the clock is advanced, every task due within
// the span, one after another in time order, before the advance resolves.

interface Task {
  key: string;
  dueAt: number;
  run: () => Promise<void> | void;
}

/** A min-heap by dueAt; a task replaced or cancelled stays in the heap and is skipped when it surfaces. */
class TaskHeap {
  private readonly items: Task[] = [];

  get size(): number {
    return this.items.length;
  }

  peek(): Task | undefined {
    return this.items[0];
  }

  push(task: Task): void {
    const items = this.items;
    items.push(task);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((items[parent] as Task).dueAt <= task.dueAt) break;
      items[i] = items[parent] as Task;
      i = parent;
    }
    items[i] = task;
  }

  pop(): Task | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        const at = (n: number): number => (n === i ? last.dueAt : (items[n] as Task).dueAt);
        if (left < items.length && at(left) < at(smallest)) smallest = left;
        if (right < items.length && at(right) < at(smallest)) smallest = right;
        if (smallest === i) break;
        items[i] = items[smallest] as Task;
        i = smallest;
      }
      items[i] = last;
    }
    return top;
  }
}

const MAX_TIMER_MS = 2 ** 31 - 1;

/** The most tasks one advance runs: past it, something keeps scheduling work within the span. */
export const MAX_TASKS_PER_ADVANCE = 100_000;

/** What an advance moves: the virtual clock (clock.ts). */
export interface TravellingClock {
  now(): number;
  pin(at: number | undefined): void;
  advance(ms: number): void;
}

export class Scheduler {
  private readonly heap = new TaskHeap();
  private readonly live = new Map<string, Task>();
  private readonly running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** An advance under way: the real timer waits, and the next advance queues behind it. */
  private travelling: Promise<void> | undefined;

  constructor(
    private readonly now: () => number,
    private readonly onError: (error: unknown) => void,
    /** false: no real timer, only advances run tasks (a deterministic test of the ledger). */
    private readonly onTimer = true,
  ) {}

  /** Runs `run` once the clock reaches dueAt; a task with the same key is replaced. */
  at(key: string, dueAt: number, run: () => Promise<void> | void): void {
    const task = { key, dueAt, run };
    this.live.set(key, task);
    this.heap.push(task);
    const first = this.nextLive();
    if (first === task) {
      this.arm();
    }
  }

  cancel(key: string): void {
    this.live.delete(key);
  }

  /**
   * Moves `clock` forward by `ms`, running every task due within that span (and whatever they
   * schedule within it) one at a time, in time order, the clock pinned to each task's due time
   * while it runs; resolves once all have finished and the clock stands at the end of the span.
   * Advances queue behind each other.
   */
  travel(ms: number, clock: TravellingClock): Promise<void> {
    const turn = (this.travelling ?? Promise.resolve()).then(() => this.travelNow(ms, clock));
    const done: Promise<void> = turn.then(
      () => this.endTravel(done),
      () => this.endTravel(done),
    );
    this.travelling = done;
    return turn;
  }

  /** Stops the timer and any advance after its current task; tasks already running finish on their own. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async travelNow(ms: number, clock: TravellingClock): Promise<void> {
    checkSpan(ms);
    clearTimeout(this.timer);
    // Work the real timer started finishes first: what it schedules belongs to this span too.
    while (this.running.size > 0) await Promise.all([...this.running]);
    const from = clock.now();
    const until = from + ms;
    let at = from;
    let ran = 0;
    try {
      for (let task = this.nextLive(); task && task.dueAt <= until && !this.stopped; task = this.nextLive()) {
        if (++ran > MAX_TASKS_PER_ADVANCE) throw tooManyTasks(at);
        at = Math.max(at, task.dueAt);
        this.heap.pop();
        this.live.delete(task.key);
        clock.pin(at);
        await this.start(task);
      }
      at = until;
    } finally {
      clock.pin(undefined);
      // Where the clock got to: the end of the span, or the last task run when there were too many.
      if (at > from) clock.advance(at - from);
    }
  }

  private endTravel(done: Promise<void>): void {
    if (this.travelling === done) this.travelling = undefined;
    this.arm();
  }

  private startDue(): void {
    const now = this.now();
    for (let task = this.nextLive(); task && task.dueAt <= now; task = this.nextLive()) {
      this.heap.pop();
      this.live.delete(task.key);
      void this.start(task);
    }
  }

  /** Runs one task (its failure goes to onError); the running set lets an advance wait for it. */
  private start(task: Task): Promise<void> {
    const work: Promise<void> = Promise.resolve()
      .then(task.run)
      .catch(this.onError)
      .finally(() => this.running.delete(work));
    this.running.add(work);
    return work;
  }

  /** The earliest task still wanted, dropping replaced and cancelled ones from the top. */
  private nextLive(): Task | undefined {
    for (let task = this.heap.peek(); task; task = this.heap.peek()) {
      if (this.live.get(task.key) === task) {
        return task;
      }
      this.heap.pop();
    }
    return undefined;
  }

  /** Sets the real timer for the next task, unless stopped or an advance is running them. */
  private arm(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const next = this.nextLive();
    if (!next || this.stopped || this.travelling || !this.onTimer) {
      return;
    }
    const delay = Math.min(Math.max(0, next.dueAt - this.now()), MAX_TIMER_MS);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.startDue();
      this.arm();
    }, delay);
    this.timer.unref();
  }
}

function tooManyTasks(at: number): ApiError {
  return new ApiError(
    409,
    ErrorCode.advanceTaskLimit,
    `One clock advance runs at most ${MAX_TASKS_PER_ADVANCE} scheduled tasks (settlements, webhook attempts); more fell due ` +
      `within this span, so the clock stopped at ${new Date(at).toISOString()}. Advance again to run the rest.`,
  );
}
