// dist/tools.js: what the extension loads the first time an agent calls one of its tools, so
// the tools' definitions and formatting stay out of the extension's own bundle.

export { confirmation } from './confirmation';
export { TOOLS } from './definitions';
export { checkInput, refusal, runTool } from './run';
