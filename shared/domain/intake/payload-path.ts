import { FORBIDDEN_MEMBER_NAMES } from '#shared/forbidden-member-names';

/**
 * Paths into a JSON payload (field mappings, notes_combine, routing rules):
 *
 *   path      = first { step }                       at most 256 characters
 *   first     = name | bracket
 *   step      = "." name | bracket
 *   bracket   = "[" index "]"                        phones[0]           an array element
 *             | "[" quoted "]"                       data["e-mail"]      a member of any name
 *             | "[" member "=" value "]"             user_column_data[column_id=PHONE_NUMBER]
 *   member    = name | quoted
 *   value     = bare | quoted
 *   name      = [A-Za-z_$][A-Za-z0-9_$-]*
 *   index     = [0-9]+
 *   bare      = [A-Za-z0-9_$@+:./-]+
 *   quoted    = a JSON string: "..." with JSON's escapes (\" \\ \n \u00e9 ...)
 *
 * A selector (`[member=value]`) steps into the first element of an array that is an object whose
 * own `member` is a scalar equal to `value` (strings exactly, case included; numbers and booleans
 * by their JSON text). A value with spaces, brackets, `=`, quotes or other characters outside
 * `bare` is written quoted: `field_data[name="what is your zip?"].values[0]`.
 *
 * A path that does not lead to a value (a member or an element missing, no element selected, a
 * step into a scalar) reads as undefined: "no value", and a mapping then tries its next alias.
 * A path naming `__proto__`, `constructor` or `prototype` is not well-formed (no body may carry
 * those members, so it could never match).
 */
export type PathSegment = string | number | PathSelector;

/** Selects the first array element that is an object whose own `member` equals `equals`. */
export interface PathSelector {
  readonly member: string;
  readonly equals: string;
}

/** A concrete location in a payload: member names and array indexes, no selectors. */
export type ConcreteSegment = string | number;

const MAX_PATH_LENGTH = 256;
const NAME = /^[A-Za-z_$][\w$-]*/;
const NAME_WHOLE = /^[A-Za-z_$][\w$-]*$/;
const INDEX = /^\d+/;
const BARE = /^[\w$@+:./-]+/;
const BARE_WHOLE = /^[\w$@+:./-]+$/;
/** A JSON string literal at the start: escapes as JSON allows them, no raw control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: JSON strings may not hold raw control characters, so the pattern names them
const QUOTED = /^"(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"/;

function isSelector(segment: PathSegment): segment is PathSelector {
  return typeof segment === 'object';
}

/** A member name or value at the start of `text`: bare (by `pattern`) or quoted. */
function token(text: string, pattern: RegExp): { value: string; length: number; quoted: boolean } | null {
  const quoted = QUOTED.exec(text);
  if (quoted) return { value: JSON.parse(quoted[0]) as string, length: quoted[0].length, quoted: true };
  const bare = pattern.exec(text);
  return bare ? { value: bare[0], length: bare[0].length, quoted: false } : null;
}

/** One bracket step at the start of `text` (which starts with `[`). */
function bracket(text: string): { segment: PathSegment; length: number } | null {
  let at = 1;
  const index = INDEX.exec(text.slice(at));
  if (index && text[at + index[0].length] === ']') {
    const n = Number(index[0]);
    return Number.isSafeInteger(n) ? { segment: n, length: at + index[0].length + 1 } : null;
  }
  const member = token(text.slice(at), NAME);
  if (!member) return null;
  at += member.length;
  // A member alone in brackets is quoted (`data["e-mail"]`); `a[x]` is a typo, not a path.
  if (text[at] === ']') return member.quoted ? { segment: member.value, length: at + 1 } : null;
  if (text[at] !== '=') return null;
  at += 1;
  const value = token(text.slice(at), BARE);
  if (!value || text[at + value.length] !== ']') return null;
  return { segment: { member: member.value, equals: value.value }, length: at + value.length + 1 };
}

/** A path, or why it is not one: the 0-based character where it goes wrong, and what is wrong. */
export type PathScan = { readonly segments: PathSegment[] } | { readonly error: string; readonly at: number };

/** Scans a path by the grammar above. Never throws, whatever the string. */
export function scanPath(path: string): PathScan {
  if (path.length === 0) return { error: 'is empty', at: 0 };
  if (path.length > MAX_PATH_LENGTH) return { error: `is longer than ${MAX_PATH_LENGTH} characters`, at: MAX_PATH_LENGTH };
  const segments: PathSegment[] = [];
  let at = 0;
  while (at < path.length) {
    const rest = path.slice(at);
    let step: { segment: PathSegment; length: number } | null = null;
    if (rest[0] === '[') {
      step = bracket(rest);
      if (!step) {
        return {
          error: 'expected [INDEX], ["NAME"] or [MEMBER=VALUE] (quote a value with spaces, brackets or = as a JSON string)',
          at,
        };
      }
    } else {
      const dotted = segments.length > 0;
      if (dotted && rest[0] !== '.') return { error: 'expected . or [ between steps', at };
      const name = NAME.exec(dotted ? rest.slice(1) : rest);
      if (!name)
        return { error: 'expected a member name (letters, digits, _, $, -; other names go in ["..."])', at: at + (dotted ? 1 : 0) };
      step = { segment: name[0], length: name[0].length + (dotted ? 1 : 0) };
    }
    const named = isSelector(step.segment) ? step.segment.member : step.segment;
    if (typeof named === 'string' && FORBIDDEN_MEMBER_NAMES.has(named)) return { error: `names the forbidden member ${named}`, at };
    segments.push(step.segment);
    at += step.length;
  }
  return { segments };
}

/** Parses a path (grammar above); null when it is not well-formed or names a forbidden member. */
export function parsePath(path: string): PathSegment[] | null {
  const scan = scanPath(path);
  return 'segments' in scan ? scan.segments : null;
}

/** Why a string is not a path, naming the part that is wrong; null when it is one. */
export function pathProblem(path: string): string | null {
  const scan = scanPath(path);
  if ('segments' in scan) return null;
  const part = path.slice(scan.at, scan.at + 30);
  return part === '' ? scan.error : `${scan.error}, at "${part}" (character ${scan.at + 1})`;
}

function scalarMatches(value: unknown, equals: string): boolean {
  if (typeof value === 'string') return value === equals;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value) === equals;
  if (typeof value === 'boolean') return String(value) === equals;
  return false;
}

/** Where a path led: the value and its concrete location (selectors resolved to indexes). */
export interface ResolvedPath {
  readonly value: unknown;
  readonly at: ConcreteSegment[];
  /** The selected elements' selecting members, as concrete locations (they labelled the value). */
  readonly labels: ConcreteSegment[][];
}

/**
 * Follows a path (own members and array elements only); undefined when any step leads nowhere.
 */
export function resolvePath(payload: unknown, segments: readonly PathSegment[]): ResolvedPath | undefined {
  let current: unknown = payload;
  const at: ConcreteSegment[] = [];
  const labels: ConcreteSegment[][] = [];
  for (const segment of segments) {
    if (typeof segment === 'number') {
      if (!Array.isArray(current) || segment >= current.length) return undefined;
      current = current[segment];
      at.push(segment);
    } else if (isSelector(segment)) {
      if (!Array.isArray(current)) return undefined;
      const index = current.findIndex(
        (element: unknown) =>
          element !== null &&
          typeof element === 'object' &&
          !Array.isArray(element) &&
          Object.hasOwn(element, segment.member) &&
          scalarMatches((element as Record<string, unknown>)[segment.member], segment.equals),
      );
      if (index < 0) return undefined;
      current = current[index];
      at.push(index);
      labels.push([...at, segment.member]);
    } else {
      if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
      if (!Object.hasOwn(current, segment)) return undefined;
      current = (current as Record<string, unknown>)[segment];
      at.push(segment);
    }
  }
  return { value: current, at, labels };
}

/** Reads the value at a path, or undefined when any step leads nowhere. */
export function readPath(payload: unknown, segments: readonly PathSegment[]): unknown {
  return resolvePath(payload, segments)?.value;
}

function tokenText(text: string, whole: RegExp): string {
  return whole.test(text) ? text : JSON.stringify(text);
}

/** Formats segments back into the canonical path string (parsePath(formatPath(s)) equals s). */
export function formatPath(segments: readonly PathSegment[]): string {
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (isSelector(segment)) out += `[${tokenText(segment.member, NAME_WHOLE)}=${tokenText(segment.equals, BARE_WHOLE)}]`;
    else if (NAME_WHOLE.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/** Every leaf (scalar or empty container) of a payload with its path, in document order. Iterative. */
export function leafPaths(payload: unknown, prefix: ConcreteSegment[] = []): ConcreteSegment[][] {
  const leaves: ConcreteSegment[][] = [];
  const stack: { value: unknown; path: ConcreteSegment[] }[] = [{ value: payload, path: prefix }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: ConcreteSegment[] };
    const children: [ConcreteSegment, unknown][] = Array.isArray(value)
      ? value.map((v, i) => [i, v])
      : value !== null && typeof value === 'object'
        ? Object.entries(value as Record<string, unknown>)
        : [];
    if (children.length === 0) {
      leaves.push(path);
      continue;
    }
    for (let i = children.length - 1; i >= 0; i--) {
      const [segment, child] = children[i] as [ConcreteSegment, unknown];
      stack.push({ value: child, path: [...path, segment] });
    }
  }
  return leaves;
}
