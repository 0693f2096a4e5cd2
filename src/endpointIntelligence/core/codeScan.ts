// The brackets of JavaScript and TypeScript as the language reads them: strings, template
// literals (their `${…}` parts are code again), comments and regular expressions are skipped, so
// a call ends where its parenthesis closes, whatever its length or formatting (Prettier's wrapped
// calls, a body built over many lines). A scanner, not a parser: the findings need only where
// brackets open and close. Acorn with JSX (131 KB minified, and no TypeScript) does not fit the
// bundle budget; a tokenizer that does (js-tokens, 7 KB) takes ~35 ms on the 5,000-line file of
// the check's 20 ms budget, where this scan takes ~2.5 ms. JSX text is read as code: a quote in
// it (`Don't`) ends at its line's end, and a bracket that is never closed is given up where an
// outer one closes, so a misread stays local.

/** What an opening bracket is: a call's arguments (`fetch(`), a grouping or keyword's parenthesis, … */
export const PAREN_CALL = 0;
export const PAREN_GROUP = 1;
/** `if (`, `while (`, `return (`: a parenthesis no call is in. */
export const PAREN_CONTROL = 2;
export const SQUARE = 3;
/** An object literal's `{` (also a JSX expression's). */
export const LITERAL = 4;
/** A function's body or a statement block. */
export const BLOCK = 5;
/** A template literal's `${`. */
export const INTERPOLATION = 6;

export interface BracketScan {
  /** Each line's offset, as if the lines were joined with one character between them. */
  readonly lineStarts: number[];
  /** The opening brackets in the text's order: offset, kind, the enclosing one's index (-1: none). */
  readonly opens: number[];
  readonly kinds: number[];
  readonly parents: number[];
  /** Each opening bracket's closing offset; a negative `-1 - at`: never closed, given up at `at`. */
  readonly closes: number[];
  /** Each line's opened brackets less its closed ones (strings, comments and regexes not counted). */
  readonly lineDepths: Int32Array;
}

const CODE = 0;
const TEMPLATE = 1;
const BLOCK_COMMENT = 2;
/** `prev` values besides a character's code: nothing yet, a word, a value (string, number, regex), `=>`. */
const NONE = -1;
const WORD = -2;
const VALUE = -3;
const ARROW = -4;

/** Words after which `/` starts a regular expression and `{` an object literal. */
const EXPRESSION_KEYWORDS = new Set('return typeof case do else in of new delete void throw instanceof yield await'.split(' '));
const BLOCK_KEYWORDS = new Set(['do', 'else', 'try', 'finally']);
/** Words whose parenthesis is no call's: `if (`, `return (`, `await (`. */
const CONTROL_KEYWORDS = new Set('if while for switch catch with return typeof await yield in of case throw void delete'.split(' '));
/** How many unclosed brackets a closing one may skip to find its partner (a misread JSX line's). */
const MAX_SKIPPED = 4;

class Scanner {
  readonly lineStarts: number[] = [];
  readonly opens: number[] = [];
  readonly kinds: number[] = [];
  readonly parents: number[] = [];
  readonly closes: number[] = [];
  readonly lineDepths: Int32Array;
  readonly #stack: number[] = [];
  #mode = CODE;
  #prev = NONE;
  /** The last word read (where `prev` is WORD), sliced only when asked: most words never are. */
  #wordText = '';
  #wordStart = 0;
  #wordEnd = 0;
  /** The word is a property (`axios.delete`, `x.in`): never a keyword. */
  #member = false;
  #line = 0;
  #base = 0;

  readonly #lines: readonly string[];

  constructor(lines: readonly string[]) {
    this.#lines = lines;
    this.lineDepths = new Int32Array(lines.length);
  }

  scan(): BracketScan {
    for (let offset = 0; this.#line < this.#lines.length; this.#line++) {
      this.lineStarts.push(offset);
      this.#base = offset;
      const text = this.#lines[this.#line]!;
      for (let at = 0; at < text.length;) at = this.#step(text, at);
      offset += text.length + 1;
    }
    // Never closed: given up at the end.
    for (const index of this.#stack) this.closes[index] = -1 - this.#base - (this.#lines.at(-1)?.length ?? 0);
    return this;
  }

  #step(text: string, at: number): number {
    if (this.#mode === BLOCK_COMMENT) {
      const end = text.indexOf('*/', at);
      if (end < 0) return text.length;
      this.#mode = CODE;
      return end + 2;
    }
    return this.#mode === TEMPLATE ? this.#template(text, at) : this.#code(text, at);
  }

  /** One token of code from `at`; returns where the next one starts. */
  #code(text: string, at: number): number {
    const char = text.charCodeAt(at);
    if (char === 32 || char === 9 || char === 13) return at + 1;
    if (isWordChar(char) && !isDigit(char)) return this.#readWord(text, at);
    if (isDigit(char)) return this.#value(wordEnd(text, at + 1));
    switch (char) {
      case 34: // "
      case 39: // '
        return this.#value(stringEnd(text, at, char));
      case 96: // `
        this.#mode = TEMPLATE;
        return at + 1;
      case 47: // /
        return this.#slash(text, at);
      case 40: // (
      case 91: // [
      case 123: // {
        this.#open(char, at);
        return at + 1;
      case 41: // )
      case 93: // ]
      case 125: // }
        this.#close(char, at);
        return at + 1;
      case 60: // `</p>`: a JSX closing tag, not a `<` then a regular expression.
        if (text.charCodeAt(at + 1) === 47) return this.#value(Math.max(text.indexOf('>', at), at + 1) + 1);
        break;
      case 61: // =>
        if (text.charCodeAt(at + 1) === 62) {
          this.#prev = ARROW;
          return at + 2;
        }
    }
    this.#prev = char;
    return at + 1;
  }

  #readWord(text: string, at: number): number {
    const end = wordEnd(text, at + 1);
    this.#wordText = text;
    this.#wordStart = at;
    this.#wordEnd = end;
    this.#member = this.#prev === 46;
    this.#prev = WORD;
    return end;
  }

  /** The last word, if it may be a keyword ('' for a property). */
  get #word(): string {
    return this.#member ? '' : this.#wordText.slice(this.#wordStart, this.#wordEnd);
  }

  #value(end: number): number {
    this.#prev = VALUE;
    return end;
  }

  #slash(text: string, at: number): number {
    const next = text.charCodeAt(at + 1);
    if (next === 47) return text.length;
    if (next === 42) {
      this.#mode = BLOCK_COMMENT;
      return at + 2;
    }
    const regex =
      this.#prev === NONE || (this.#prev === WORD ? EXPRESSION_KEYWORDS.has(this.#word) : this.#prev >= 0 && !closesValue(this.#prev));
    if (regex) return this.#value(regexEnd(text, at));
    this.#prev = 47;
    return at + 1;
  }

  #template(text: string, at: number): number {
    for (let index = at; index < text.length; index++) {
      const char = text.charCodeAt(index);
      if (char === 92) index++;
      else if (char === 96) {
        this.#mode = CODE;
        return this.#value(index + 1);
      } else if (char === 36 && text.charCodeAt(index + 1) === 123) {
        this.#push(INTERPOLATION, index + 1);
        this.#mode = CODE;
        this.#prev = NONE;
        return index + 2;
      }
    }
    return text.length;
  }

  #open(char: number, at: number): void {
    if (char === 91) this.#push(SQUARE, at);
    else if (char === 123) this.#push(this.#braceKind(), at);
    else this.#push(this.#parenKind(), at);
    this.#prev = char;
  }

  #braceKind(): number {
    const prev = this.#prev;
    if (prev === WORD) return EXPRESSION_KEYWORDS.has(this.#word) && !BLOCK_KEYWORDS.has(this.#word) ? LITERAL : BLOCK;
    return prev === NONE || prev === ARROW || prev === 41 || prev === 59 || prev === 125 ? BLOCK : LITERAL;
  }

  #parenKind(): number {
    const prev = this.#prev;
    if (prev === WORD) return CONTROL_KEYWORDS.has(this.#word) ? PAREN_CONTROL : PAREN_CALL;
    // `f(x)(y)`, `list[0](x)`, `get<T>(url)`, `` tag`…`(x) ``.
    return prev === 41 || prev === 93 || prev === 62 ? PAREN_CALL : PAREN_GROUP;
  }

  #push(kind: number, at: number): void {
    this.parents.push(this.#stack.at(-1) ?? -1);
    this.#stack.push(this.opens.length);
    this.opens.push(this.#base + at);
    this.kinds.push(kind);
    this.closes.push(-1);
    this.lineDepths[this.#line]!++;
  }

  #close(char: number, at: number): void {
    this.lineDepths[this.#line]!--;
    this.#prev = char;
    const offset = this.#base + at;
    const top = this.#stack.length - 1;
    if (top >= 0 && pairs(this.kinds[this.#stack[top]!]!, char)) {
      // The usual case: the last bracket opened closes.
      const index = this.#stack.pop()!;
      this.closes[index] = offset;
      if (this.kinds[index] === INTERPOLATION) this.#mode = TEMPLATE;
      return;
    }
    for (let depth = this.#stack.length - 1; depth >= Math.max(0, this.#stack.length - 1 - MAX_SKIPPED); depth--) {
      const index = this.#stack[depth]!;
      if (!pairs(this.kinds[index]!, char)) continue;
      // The brackets skipped were never closed: given up here.
      for (const skipped of this.#stack.splice(depth)) this.closes[skipped] = skipped === index ? offset : -1 - offset;
      if (this.kinds[index] === INTERPOLATION) this.#mode = TEMPLATE;
      return;
    }
  }
}

function pairs(kind: number, close: number): boolean {
  if (close === 41) return kind <= PAREN_CONTROL;
  if (close === 93) return kind === SQUARE;
  return kind >= LITERAL;
}

/** After these a `/` divides: `)`, `]`, `}` end a value (a regular expression after them is rare; a division is not). */
function closesValue(prev: number): boolean {
  return prev === 41 || prev === 93 || prev === 125;
}

function isDigit(char: number): boolean {
  return char >= 48 && char <= 57;
}

function isWordChar(char: number): boolean {
  return (char >= 97 && char <= 122) || (char >= 65 && char <= 90) || isDigit(char) || char === 95 || char === 36 || char > 127;
}

function wordEnd(text: string, at: number): number {
  while (at < text.length && isWordChar(text.charCodeAt(at))) at++;
  return at;
}

/** The end of a quoted string; one left open ends with its line (JavaScript's strings do). */
function stringEnd(text: string, at: number, quote: number): number {
  for (let index = at + 1; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (char === 92) index++;
    else if (char === quote) return index + 1;
  }
  return text.length;
}

function regexEnd(text: string, at: number): number {
  let inClass = false;
  for (let index = at + 1; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (char === 92) index++;
    else if (char === 91) inClass = true;
    else if (char === 93) inClass = false;
    else if (char === 47 && !inClass) return wordEnd(text, index + 1);
  }
  return text.length;
}

/** Per check (its lines), the scan once: the calls of a file read the same brackets. */
const scans = new WeakMap<readonly string[], BracketScan>();

export function scanOf(lines: readonly string[]): BracketScan {
  let scan = scans.get(lines);
  if (!scan) scans.set(lines, (scan = new Scanner(lines).scan()));
  return scan;
}

export interface Place {
  line: number;
  column: number;
}

export function offsetOf(scan: BracketScan, place: Place): number {
  return scan.lineStarts[place.line]! + place.column;
}

export function placeOf(scan: BracketScan, offset: number): Place {
  const line = lastAtOrBefore(scan.lineStarts, offset);
  return { line, column: offset - scan.lineStarts[line]! };
}

/** The index of the last of `sorted` at or before `value` (-1: none), by halves. */
function lastAtOrBefore(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! <= value) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

/** Where bracket `index` closes (-1: never, or not known). */
function closeOf(scan: BracketScan, index: number): number {
  return scan.closes[index]! >= 0 ? scan.closes[index]! : -1;
}

function reach(scan: BracketScan, index: number): number {
  const close = scan.closes[index]!;
  return close >= 0 ? close : -1 - close;
}

/** The innermost bracket around `offset` (an index of `opens`), or -1. */
export function enclosingBracket(scan: BracketScan, offset: number): number {
  let index = lastAtOrBefore(scan.opens, offset - 1);
  // Siblings closed before the place are not around it; the brackets are nested, so the one around
  // it is the last opened before it or one it is in.
  while (index >= 0 && reach(scan, index) < offset) index = scan.parents[index]!;
  return index;
}

/**
 * The opening parenthesis of the call whose arguments hold `offset` (a path in its URL, in an
 * options object, in a grouping): its index in `opens`, or -1 where the place is in no call's
 * arguments (a statement of a function body, `if (…)`) or the brackets around it never close.
 */
export function enclosingCall(scan: BracketScan, offset: number): number {
  for (let index = enclosingBracket(scan, offset); index >= 0; index = scan.parents[index]!) {
    if (closeOf(scan, index) < 0) return -1;
    const kind = scan.kinds[index]!;
    if (kind === PAREN_CALL) return index;
    if (kind === BLOCK || kind === PAREN_CONTROL) return -1;
  }
  return -1;
}

/** The line where a call (an index of `opens`) closes. */
export function closeLine(scan: BracketScan, index: number): number {
  return placeOf(scan, closeOf(scan, index)).line;
}

/**
 * The line where what `line` leaves open closes (a statement's last line), or -1 where it never
 * closes; `line` itself where it leaves nothing open.
 */
export function statementClose(scan: BracketScan, line: number): number {
  const start = scan.lineStarts[line]!;
  const next = line + 1 < scan.lineStarts.length ? scan.lineStarts[line + 1]! : Infinity;
  // The first bracket of the line still open at its end is the outermost one left open.
  for (let index = lastAtOrBefore(scan.opens, start - 1) + 1; index < scan.opens.length && scan.opens[index]! < next; index++) {
    if (reach(scan, index) < next) continue;
    const close = closeOf(scan, index);
    return close < 0 ? -1 : placeOf(scan, close).line;
  }
  return line;
}

/** The function bodies and blocks inside bracket `index` that open after `from`: [open, close] offsets. */
export function blocksInside(scan: BracketScan, index: number, from: number): [number, number][] {
  const blocks: [number, number][] = [];
  const end = reach(scan, index);
  for (let inner = index + 1; inner < scan.opens.length && scan.opens[inner]! < end; inner++) {
    if (scan.kinds[inner] !== BLOCK || scan.opens[inner]! < from) continue;
    const close = reach(scan, inner);
    blocks.push([scan.opens[inner]!, close]);
    // What is inside the block is blanked with it.
    while (inner + 1 < scan.opens.length && scan.opens[inner + 1]! < close) inner++;
  }
  return blocks;
}
