import Mocha from 'mocha';

/**
 * Prints lines into the suite's output. The extension host pins console.log, so this goes
 * through the Mocha reporter's own hook, which test/host/index.ts routes to the launcher.
 */
export function report(...lines: string[]): void {
  for (const line of lines.join('\n').split('\n')) Mocha.reporters.Base.consoleLog(line);
}

/** A plain-text table: a header row, a rule, then the rows, columns padded to fit. */
export function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const format = (cells: string[]) => `| ${cells.map((cell, column) => (cell ?? '').padEnd(widths[column]!)).join(' | ')} |`;
  return [format(header), format(widths.map((width) => '-'.repeat(width))), ...rows.map(format)];
}
