// The benchmark's figures: each a value with its budget and whether it holds, printed as a
// table, written as JSON and as a Markdown table with the machine it ran on.
import { readFileSync } from 'node:fs';
import os from 'node:os';

export const KB = 1024;
export const MB = 1024 * 1024;

const UNITS = {
  ms: (value) => `${value.toFixed(value < 10 ? 2 : 1)} ms`,
  bytes: (value) => (value >= MB ? `${(value / MB).toFixed(1)} MB` : `${(value / KB).toFixed(1)} KB`),
  count: (value) => String(value),
  ratio: (value) => value.toFixed(2),
  rps: (value) => `${Math.round(value).toLocaleString('en-US')} req/s`,
  text: (value) => String(value),
};

/** Budgets: { op: '<=' | '>=' | '=', limit } compared with the value; undefined for figures shown for information. */
function check(value, budget) {
  if (!budget) return undefined;
  if (typeof value === 'number' && !Number.isFinite(value)) return false;
  switch (budget.op) {
    case '<=':
      return value <= budget.limit;
    case '>=':
      return value >= budget.limit;
    case '=':
      return value === budget.limit;
    default:
      throw new Error(`unknown budget operator ${budget.op}`);
  }
}

function describeBudget(budget, unit) {
  if (!budget) return '—';
  const sign = { '<=': '≤', '>=': '≥', '=': '=' }[budget.op];
  return `${sign} ${UNITS[unit](budget.limit)}`;
}

export class Figures {
  list = [];

  /** Adds a figure: { group, name, value, unit, budget?, detail? }. */
  add({ group, name, value, unit = 'text', budget, detail }) {
    const holds = check(value, budget);
    this.list.push({
      group,
      name,
      value,
      unit,
      shown: UNITS[unit](value),
      budget: budget ?? null,
      budgetShown: describeBudget(budget, unit),
      holds: holds ?? null,
      detail: detail ?? null,
    });
  }

  /** A part of the benchmark that could not be measured: a failed figure carrying the reason. */
  error(group, error) {
    const message = error instanceof Error ? error.message : String(error);
    this.list.push({
      group,
      name: `${group}: could not measure`,
      value: null,
      unit: 'text',
      shown: message.split('\n')[0].slice(0, 160),
      budget: null,
      budgetShown: 'measured',
      holds: false,
      detail: message,
    });
  }

  get failed() {
    return this.list.filter((figure) => figure.holds === false);
  }

  table() {
    const rows = [
      ['Figure', 'Value', 'Budget', 'Holds?'],
      ...this.list.map((figure) => [figure.name, figure.shown, figure.budgetShown, mark(figure.holds)]),
    ];
    const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
    const line = (row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]))
        .join('  ')
        .trimEnd();
    return [line(rows[0]), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.slice(1).map(line)].join('\n');
  }

  markdown(machine) {
    const escape = (text) => String(text).replace(/\|/g, '\\|');
    const lines = [
      '| Figure | Value | Budget | Holds? |',
      '|---|---|---|---|',
      ...this.list.map(
        (figure) => `| ${escape(figure.name)} | ${escape(figure.shown)} | ${escape(figure.budgetShown)} | ${mark(figure.holds)} |`,
      ),
    ];
    return [
      `Run on ${machine.date.slice(0, 10)}: ${machine.cpu} (${machine.cores} cores, load average ${machine.loadAverage.toFixed(1)} at the end), ${(machine.memoryBytes / 1024 ** 3).toFixed(1)} GB RAM, ${machine.os}, Node ${machine.node}, VS Code ${machine.vscode}.`,
      '',
      ...lines,
    ].join('\n');
  }
}

function mark(holds) {
  return holds === null || holds === undefined ? 'info' : holds ? 'yes' : 'NO';
}

/** What the numbers were measured on. */
export function machine(vscodeVersion) {
  let cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  try {
    const found = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    if (found) cpu = found[1].trim();
  } catch {
    // Not Linux: os.cpus() said it.
  }
  return {
    date: new Date().toISOString(),
    cpu: cpu.replace(/\s+/g, ' '),
    cores: os.availableParallelism(),
    // Timings on a machine busy with other work are not the machine's: say how busy it was.
    loadAverage: os.loadavg()[0],
    memoryBytes: os.totalmem(),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    vscode: vscodeVersion,
  };
}
