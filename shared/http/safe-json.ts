import { BadRequestError } from '#shared/errors';
import { FORBIDDEN_MEMBER_NAMES } from '#shared/forbidden-member-names';

/**
 * Parses untrusted JSON text so that no domain code, library or store downstream can be surprised
 * by it. JSON.parse does the parsing (it is iterative in V8, so deep input cannot overflow the
 * stack); around it:
 *
 * - **Depth**: containers nest at most `maxDepth` levels (the top-level value is level 1),
 *   checked on the raw text before anything is built; deeper is a 400 naming the body and the
 *   limit. DynamoDB stores at most 32 levels, and bodies are stored a level or two down.
 * - **Numbers that JavaScript or DynamoDB cannot hold exactly** (magnitude above 2^53 − 1, like
 *   the 16–20-digit ids of CRMs and ad platforms, or a non-zero magnitude below DynamoDB's 1e-130)
 *   are kept as their exact text, a string: `{"id": 9007199254740993}` reads as
 *   `{"id": "9007199254740993"}`, not a number one off. Schemas that want a number then refuse
 *   them with a 400 naming the field.
 * - **Non-finite numbers** (`1e309` overflows to Infinity) are a 400 naming their path.
 * - **Prototype keys**: a member named `__proto__`, `constructor` or `prototype`, at any depth and
 *   however escaped, is a 400 naming its path. `__proto__` re-parents an object wherever a library
 *   copies members by assignment (zod records, DynamoDB's marshaller); an own `constructor` makes
 *   DynamoDB's marshaller mistake the object for a class instance, a Set or a Number; `prototype`
 *   completes the `constructor.prototype` chain.
 * - **Lone UTF-16 surrogates** in string values (`"\ud800"`) become U+FFFD, as malformed UTF-8
 *   bytes already do when the body is decoded; in a member name they are a 400.
 */
export interface SafeJsonOptions {
  /** Deepest container nesting allowed; the top-level value is level 1. */
  readonly maxDepth: number;
}

/** Numbers beyond this magnitude are not integers JavaScript can hold exactly. */
const MAX_SAFE = Number.MAX_SAFE_INTEGER;
/** DynamoDB numbers: non-zero magnitudes from 1e-130. */
const MIN_STORABLE_MAGNITUDE = 1e-130;

export function parseSafeJson(text: string, options: SafeJsonOptions): unknown {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const exactNumbers = scan(source, options.maxDepth);
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    throw new BadRequestError(`body: not valid JSON (${error instanceof Error ? error.message : 'parse error'})`, 'body');
  }
  // The text is valid JSON, so every number token the scan found is a value: quoting it keeps the
  // document valid and turns exactly those numbers into strings.
  if (exactNumbers.length > 0) value = JSON.parse(quoteTokens(source, exactNumbers));
  return inspect(value);
}

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

/**
 * One pass over the raw text outside strings: refuses nesting deeper than maxDepth and returns
 * [start, end) pairs of the number tokens to keep as text. On text that is not valid JSON the
 * result is meaningless, but JSON.parse refuses such text before it is used.
 */
function scan(text: string, maxDepth: number): number[] {
  const tokens: number[] = [];
  const n = text.length;
  let depth = 0;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i = stringEnd(text, i + 1);
    } else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > maxDepth) {
        throw new BadRequestError(`body: nested more than ${maxDepth} levels deep; at most ${maxDepth} levels are allowed`, 'body');
      }
      i++;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
      i++;
    } else if (c === 0x2d || isDigit(c)) {
      const start = i;
      let exponent = false;
      i++;
      for (; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x65 || d === 0x45) exponent = true;
        else if (!isDigit(d) && d !== 0x2e && d !== 0x2b && d !== 0x2d) break;
      }
      // Without an exponent, 15 characters cannot reach 2^53 nor go below 1e-13 (other than 0).
      if ((exponent || i - start > 15) && keptAsText(text.slice(start, i))) tokens.push(start, i);
    } else {
      i++;
    }
  }
  return tokens;
}

/** Index just past the closing quote of a string whose content starts at `from`. */
function stringEnd(text: string, from: number): number {
  let i = from;
  for (;;) {
    const quote = text.indexOf('"', i);
    if (quote < 0) return text.length;
    let backslashes = 0;
    for (let b = quote - 1; b >= i && text.charCodeAt(b) === 0x5c; b--) backslashes++;
    i = quote + 1;
    if (backslashes % 2 === 0) return i;
  }
}

/** A finite number token JavaScript or DynamoDB cannot hold exactly. */
function keptAsText(token: string): boolean {
  const value = Number(token);
  if (!Number.isFinite(value)) return false; // non-finite: refused by inspect, with its path
  const magnitude = Math.abs(value);
  if (magnitude > MAX_SAFE) return true;
  if (magnitude === 0) return /[1-9]/.test(token.split(/[eE]/)[0] ?? ''); // underflowed to 0
  return magnitude < MIN_STORABLE_MAGNITUDE;
}

function quoteTokens(text: string, tokens: readonly number[]): string {
  let out = '';
  let last = 0;
  for (let t = 0; t < tokens.length; t += 2) {
    const start = tokens[t] as number;
    const end = tokens[t + 1] as number;
    out += `${text.slice(last, start)}"${text.slice(start, end)}"`;
    last = end;
  }
  return out + text.slice(last);
}

interface Frame {
  readonly node: Record<string, unknown> | unknown[];
  readonly parent: Frame | null;
  readonly key: string | number | null;
}

/** Walks the parsed value (iteratively): prototype keys, non-finite numbers, lone surrogates. */
function inspect(root: unknown): unknown {
  if (typeof root === 'string') return root.isWellFormed() ? root : root.toWellFormed();
  if (typeof root === 'number' && !Number.isFinite(root)) throw new BadRequestError('body: must be a finite number', 'body');
  if (root === null || typeof root !== 'object') return root;
  const stack: Frame[] = [{ node: root as Record<string, unknown>, parent: null, key: null }];
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    const node = frame.node as Record<string | number, unknown>;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) visit(stack, frame, node, i);
    } else {
      for (const key of Object.keys(node)) {
        if (FORBIDDEN_MEMBER_NAMES.has(key)) {
          const path = pathOf(frame, key);
          throw new BadRequestError(
            `${path}: a member named "${key}" is not allowed (__proto__, constructor and prototype are refused at any depth)`,
            path,
          );
        }
        if (!key.isWellFormed()) {
          const path = pathOf(frame, key.toWellFormed());
          throw new BadRequestError(`${path}: the member name is not valid Unicode (a lone UTF-16 surrogate)`, path);
        }
        visit(stack, frame, node, key);
      }
    }
  }
  return root;
}

function visit(stack: Frame[], frame: Frame, node: Record<string | number, unknown>, key: string | number): void {
  const value = node[key];
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) {
      const path = pathOf(frame, key);
      throw new BadRequestError(`${path}: must be a finite number (it overflows a 64-bit float)`, path);
    }
  } else if (typeof value === 'string') {
    if (!value.isWellFormed()) node[key] = value.toWellFormed();
  } else if (value !== null && typeof value === 'object') {
    stack.push({ node: value as Record<string, unknown>, parent: frame, key });
  }
}

const IDENTIFIER = /^[A-Za-z_$][\w$-]*$/;

/** The path of a member, in the form field mappings use: `contact.phones[0]["e-mail"]`. */
function pathOf(frame: Frame, last: string | number): string {
  const segments: (string | number)[] = [last];
  for (let f: Frame | null = frame; f !== null && f.key !== null; f = f.parent) segments.unshift(f.key);
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}
