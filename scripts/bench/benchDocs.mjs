// What `npm run bench -- --docs` writes to docs/benchmarks.md: the run's table, in place of the
// latest run between the page's two markers. The rest of the page is written by hand and stays as
// it is. run.mjs checks the markers before it measures (checkDocs), so a run is not lost at its end.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../host/util.mjs';

export const LATEST_RUN_START = '<!-- latest run: `npm run bench -- --docs` writes from here -->';
export const LATEST_RUN_END = '<!-- to here -->';

/** `page` with the text between its latest-run markers replaced by `markdown`; throws when the markers are not there once each, in order. */
export function withLatestRun(page, markdown) {
  const start = page.indexOf(LATEST_RUN_START);
  const end = page.indexOf(LATEST_RUN_END, start);
  if (start === -1 || end === -1 || page.indexOf(LATEST_RUN_START, start + 1) !== -1) {
    throw new Error(
      `docs/benchmarks.md needs the lines ${LATEST_RUN_START} and ${LATEST_RUN_END} once each, around the latest run: nothing was written.`,
    );
  }
  return `${page.slice(0, start + LATEST_RUN_START.length)}\n\n${markdown}\n\n${page.slice(end)}`;
}

const docsFile = () => path.join(repoRoot, 'docs', 'benchmarks.md');

/** Throws, saying which lines are missing, when the page cannot take a run (and writing the same run twice would change it). */
export function checkDocs() {
  const text = readFileSync(docsFile(), 'utf8');
  const once = withLatestRun(text, 'a run');
  if (withLatestRun(once, 'a run') !== once) throw new Error('docs/benchmarks.md: writing the latest run twice changed the page.');
}

/** Puts this run's table (`markdown`) into docs/benchmarks.md as its latest run. */
export function writeDocs(markdown) {
  writeFileSync(docsFile(), withLatestRun(readFileSync(docsFile(), 'utf8'), markdown));
}
