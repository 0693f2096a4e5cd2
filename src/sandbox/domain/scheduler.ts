// Runs work when the virtual clock reaches its time: on a real timer (so a pending transfer
// settles by itself while someone watches) and at once when the clock is advanced.

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

export class Scheduler {
  private readonly heap = new TaskHeap();
  private readonly live = new Map<string, Task>();
  private readonly running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly now: () => number,
    private readonly onError: (error: unknown) => void,
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

  /** Starts every task due by now, waits for them and for what they made due, until none is left. */
  async runDue(): Promise<void> {
    for (;;) {
      this.startDue();
      if (this.running.size === 0) {
        break;
      }
      await Promise.all([...this.running]);
    }
    this.arm();
  }

  /** Stops the timer; tasks already running finish on their own. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private startDue(): void {
    const now = this.now();
    for (let task = this.nextLive(); task && task.dueAt <= now; task = this.nextLive()) {
      this.heap.pop();
      this.live.delete(task.key);
      const work: Promise<void> = Promise.resolve()
        .then(task.run)
        .catch(this.onError)
        .finally(() => this.running.delete(work));
      this.running.add(work);
    }
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

  private arm(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const next = this.nextLive();
    if (!next || this.stopped) {
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
