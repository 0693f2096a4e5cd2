// What the log says about an error. The VSIX ships dist/extension.js minified and without a
// source map, so its stack positions ("extension.js:2:48211") tell neither the user nor us
// anything: the shipped extension logs the message (and its causes) only. Development and test
// builds are not minified: there the stack is logged too.

/** The error's message and its causes; with `stack`, the stack frames as well. */
export function errorDetail(error: unknown, stack: boolean): string {
  if (!(error instanceof Error)) return error === undefined ? '' : String(error);
  const lines = [stack && error.stack ? error.stack : `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}`];
  let cause = error.cause;
  for (let depth = 0; cause !== undefined && depth < 5; depth++) {
    lines.push(`Caused by: ${cause instanceof Error ? cause.message : String(cause)}`);
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return lines.join('\n');
}
