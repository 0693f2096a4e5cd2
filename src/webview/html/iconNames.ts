// The codicons the panel pages draw. The build keeps only these glyphs in the packaged font
// (esbuild.js), so the list is typed: a page that asks for an icon missing here does not compile,
// rather than showing a blank square.

export const WEBVIEW_ICONS = [
  'arrow-left',
  'beaker',
  'copy',
  'debug-restart',
  'error',
  'info',
  'go-to-file',
  'json',
  'loading',
  'pass',
  'refresh',
  'sync',
  'terminal',
  'verified',
  'warning',
  // Transaction types, as in the tree (src/common/transactionTypes.ts).
  'circle-outline',
  'credit-card',
  'device-mobile',
  'lightbulb',
  'radio-tower',
  'shield',
] as const;

export type WebviewIcon = (typeof WEBVIEW_ICONS)[number];
