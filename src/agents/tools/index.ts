// What the extension's language model tools use of the tools' one definition (src/agents/vscode).

export { confirmation } from './confirmation';
export { TOOLS } from './definitions';
export { checkInput, refusal, runTool } from './run';
