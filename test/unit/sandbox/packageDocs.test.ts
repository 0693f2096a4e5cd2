import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import ts from 'typescript';

// Issue 27: every public call of the `wallet-sandbox` package has TSDoc (an editor shows it on
// hover). Walks what src/sandbox/package/index.ts exports: functions, classes and their public
// members, the calls of interfaces, and names each one without a doc comment.

const ENTRY = path.resolve(__dirname, '../../../../src/sandbox/package/index.ts');

function undocumented(): string[] {
  const program = ts.createProgram([ENTRY], {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.Node16,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(ENTRY);
  assert.ok(source);
  const entry = checker.getSymbolAtLocation(source);
  assert.ok(entry);
  const missing: string[] = [];
  const documented = (symbol: ts.Symbol): boolean =>
    ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim() !== '' ||
    symbol.getJsDocTags(checker).some((tag) => tag.name === 'internal');
  const internal = (symbol: ts.Symbol): boolean => symbol.getJsDocTags(checker).some((tag) => tag.name === 'internal');
  const hidden = (declaration: ts.Declaration): boolean => {
    const flags = ts.getCombinedModifierFlags(declaration);
    return (
      (flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) !== 0 ||
      ts.isPrivateIdentifier((declaration as ts.NamedDeclaration).name ?? declaration)
    );
  };
  const seen = new Set<ts.Symbol>();

  /** A call: a method, or a property holding a function. */
  const callable = (member: ts.Symbol, declaration: ts.Declaration): boolean =>
    ts.isMethodSignature(declaration) ||
    ts.isMethodDeclaration(declaration) ||
    checker.getTypeOfSymbolAtLocation(member, declaration).getCallSignatures().length > 0;

  /** Of a class, every public member; of an interface (a shape of data), its calls. */
  const members = (owner: string, symbols: Iterable<ts.Symbol>, onlyCalls: boolean): void => {
    for (const member of symbols) {
      const declaration = member.declarations?.[0];
      if (!declaration || hidden(declaration) || internal(member)) continue;
      if (onlyCalls && !callable(member, declaration)) continue;
      if (ts.isConstructorDeclaration(declaration)) continue;
      // What TypeScript's own lib declares (Error's message, stack) is documented there.
      if (declaration.getSourceFile().isDeclarationFile) continue;
      if (!documented(member)) missing.push(`${owner}.${member.getName()}`);
    }
  };

  for (const exported of checker.getExportsOfModule(entry)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if (seen.has(symbol)) continue;
    seen.add(symbol);
    const name = exported.getName();
    const declaration = symbol.declarations?.[0];
    if (!declaration || declaration.getSourceFile().isDeclarationFile) continue;
    if (symbol.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Class) && !documented(symbol)) missing.push(name);
    if (symbol.flags & ts.SymbolFlags.Class) {
      const type = checker.getDeclaredTypeOfSymbol(symbol);
      members(name, checker.getPropertiesOfType(type), false);
    } else if (symbol.flags & ts.SymbolFlags.Interface) {
      members(name, checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol)), true);
    }
  }
  return missing;
}

describe('sandbox package: TSDoc on every public call', function () {
  this.timeout(60_000);

  it('every exported function, class, public member of a class and call of an interface has a doc comment', () => {
    assert.deepEqual(undocumented(), []);
  });
});
