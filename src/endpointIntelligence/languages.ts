// What the endpoint intelligence's registration (register.ts) and its features (features/) share:
// its languages, its setting and the state it reads.
import type * as vscode from 'vscode';
import type { WalletContext } from './core/walletCall';

/** The languages whose documents get the endpoint intelligence, and .http files (whatever extension reads them). */
export const ENDPOINT_LANGUAGES = [
  'javascript',
  'javascriptreact',
  'typescript',
  'typescriptreact',
  'python',
  'go',
  'php',
  'java',
  'csharp',
  'ruby',
  'http',
] as const;

export const ENDPOINT_SELECTOR: vscode.DocumentSelector = [
  ...ENDPOINT_LANGUAGES.map((language) => ({ language })),
  { pattern: '**/*.{http,rest}' },
  // Vue and Svelte components (whatever extension reads them): the code findings read their scripts.
  { pattern: '**/*.{vue,svelte}' },
];

/** Languages whose code the code findings read (JavaScript and TypeScript, in components too). */
const SCRIPT_LANGUAGES = new Set(['javascript', 'javascriptreact', 'typescript', 'typescriptreact', 'vue', 'svelte']);

export const SETTING = 'walletConsole.endpointIntelligence.enabled';
/** Globs of files that are not the wallet API's business (relative to their workspace folder). */
export const IGNORED_FILES_SETTING = 'walletConsole.endpointIntelligence.ignoredFiles';
export const DIAGNOSTIC_SOURCE = 'Wallet Console';
/** Longer lines (minified code) get no hover or completion. */
export const MAX_LINE = 2_000;

export interface FeatureState {
  enabled(): boolean;
  /** The local sandbox is the environment (the hover lists its magic values, the Send lenses show). */
  local(): boolean;
  /** The wallet's hosts: the environments' base URLs and the local sandbox's address. */
  context(): WalletContext;
  /** The user marked the file "not the wallet API" (walletConsole.endpointIntelligence.ignoredFiles). */
  ignored(document: vscode.TextDocument): boolean;
}

export function isHttpFile(document: vscode.TextDocument): boolean {
  return document.languageId === 'http' || /\.(http|rest)$/i.test(document.uri.path);
}

/** Whether the document is one the features read (the selector, for the diagnostics' own events). */
export function isEndpointDocument(document: vscode.TextDocument): boolean {
  return (ENDPOINT_LANGUAGES as readonly string[]).includes(document.languageId) || isHttpFile(document) || isComponentFile(document);
}

function isComponentFile(document: vscode.TextDocument): boolean {
  return /\.(?:vue|svelte)$/i.test(document.uri.path);
}

/** JavaScript or TypeScript (a Vue or Svelte component's too): the code findings' language. */
export function isScriptFile(document: vscode.TextDocument): boolean {
  return SCRIPT_LANGUAGES.has(document.languageId) || isComponentFile(document);
}

/** Whether a line may name an API path (cheap: a hover or completion elsewhere asks nothing more). */
export function mayNamePath(line: string): boolean {
  return line.length <= MAX_LINE && line.includes('/v1/');
}
