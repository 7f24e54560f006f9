import { FORBIDDEN_MEMBER_NAMES } from '#shared/forbidden-member-names';

/**
 * Paths into a JSON payload: `phone`, `contact.phone`, `phones[0].number`, `data["e-mail"]`.
 * A segment is a member name or an array index.
 */
export type PathSegment = string | number;

const SEGMENT = /^(?:\.?([A-Za-z_$][\w$-]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\])/;

/**
 * Parses a path; returns null when it is not well-formed, or when it names `__proto__`,
 * `constructor` or `prototype` (no body may carry those members, so such a path never matches).
 */
export function parsePath(path: string): PathSegment[] | null {
  if (path.length === 0 || path.length > 256) return null;
  const segments: PathSegment[] = [];
  let rest = path;
  let first = true;
  while (rest.length > 0) {
    if (first && rest.startsWith('.')) return null;
    const match = SEGMENT.exec(rest);
    if (!match) return null;
    if (!first && match[1] !== undefined && !match[0].startsWith('.')) return null;
    if (match[1] !== undefined) segments.push(match[1]);
    else if (match[2] !== undefined) segments.push(Number(match[2]));
    else if (match[3] !== undefined) segments.push(JSON.parse(match[3]) as string);
    const last = segments[segments.length - 1];
    if (typeof last === 'string' && FORBIDDEN_MEMBER_NAMES.has(last)) return null;
    rest = rest.slice(match[0].length);
    first = false;
  }
  return segments;
}

/** Reads the value at a path (own members and array elements only), or undefined when any step is missing. */
export function readPath(payload: unknown, segments: readonly PathSegment[]): unknown {
  let current: unknown = payload;
  for (const segment of segments) {
    if (typeof segment === 'number') {
      if (!Array.isArray(current) || segment >= current.length) return undefined;
      current = current[segment];
    } else {
      if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
      if (!Object.hasOwn(current, segment)) return undefined;
      current = (current as Record<string, unknown>)[segment];
    }
  }
  return current;
}

/** Formats segments back into the canonical path string. */
export function formatPath(segments: readonly PathSegment[]): string {
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/** Every leaf (scalar or empty container) of a payload with its path, in document order. Iterative. */
export function leafPaths(payload: unknown, prefix: PathSegment[] = []): PathSegment[][] {
  const leaves: PathSegment[][] = [];
  const stack: { value: unknown; path: PathSegment[] }[] = [{ value: payload, path: prefix }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: PathSegment[] };
    const children: [PathSegment, unknown][] = Array.isArray(value)
      ? value.map((v, i) => [i, v])
      : value !== null && typeof value === 'object'
        ? Object.entries(value as Record<string, unknown>)
        : [];
    if (children.length === 0) {
      leaves.push(path);
      continue;
    }
    for (let i = children.length - 1; i >= 0; i--) {
      const [segment, child] = children[i] as [PathSegment, unknown];
      stack.push({ value: child, path: [...path, segment] });
    }
  }
  return leaves;
}
