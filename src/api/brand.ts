// Classes checked with `instanceof` across the extension's bundles. Each lazy bundle
// (src/common/lazyBundle.ts) holds its own copy of every class it imports, so a plain
// `instanceof` would not know an error thrown by another bundle's copy. These classes mark their
// instances with a key that is the same in every bundle (Symbol.for) and answer `instanceof` by it.

/** The brand's key: the same symbol in every bundle. */
export function brandKey(className: string): symbol {
  return Symbol.for(`walletConsole.${className}`);
}

/** Whether `value` carries the brand (what the classes' `Symbol.hasInstance` asks). */
export function carriesBrand(value: unknown, key: symbol): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[key] === true;
}
