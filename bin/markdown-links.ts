import * as path from 'node:path';

/**
 * Relative links and anchors of Markdown files, resolved the way GitHub renders them, so a link
 * in the documentation is checked before a reader follows it. Pure: the caller says which files
 * exist and what they hold (bin/check-links.ts reads the repository; the tests hand in fixtures).
 */

/** What the checker may ask of the file tree; paths are relative to the repository root, with `/`. */
export interface MarkdownTree {
  /** The text of a Markdown file, or undefined when there is none at that path. */
  read(file: string): string | undefined;
  /** Whether a file or folder exists at that path. */
  exists(file: string): boolean;
}

export interface BrokenLink {
  readonly file: string;
  readonly line: number;
  readonly target: string;
  readonly reason: string;
}

/**
 * GitHub's heading id (github-slugger): the rendered text lower-cased, every character that is not
 * a letter, mark, number, connector (`_`), space or hyphen dropped, each space made a hyphen.
 * Spaces are not collapsed: "A — B" becomes `a--b`, as on GitHub.
 */
export function githubSlug(heading: string): string {
  return renderedText(heading)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** A heading's text as GitHub shows it: links by their text, no code ticks, no HTML tags. */
function renderedText(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`/g, '')
    .trim();
}

/** The anchors a file offers: heading ids (repeats numbered -1, -2, … as GitHub does) and explicit HTML ids. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const lines = proseLines(markdown);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const next = lines[i + 1] ?? '';
    const atx = /^ {0,3}#{1,6}(?:\s+(.*?))?(?:\s+#+)?\s*$/.exec(line);
    const setext = line.trim() !== '' && /^ {0,3}(=+|-+)\s*$/.test(next) && !/^\s*[-*+]\s/.test(line) ? line : undefined;
    const text = atx ? (atx[1] ?? '') : setext;
    if (text !== undefined) {
      const slug = githubSlug(text);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const m of line.matchAll(/<a\s[^>]*(?:name|id)="([^"]+)"/gi)) anchors.add(m[1] ?? '');
  }
  return anchors;
}

/**
 * The file's lines with fenced code blocks blanked (their text is not Markdown) and inline code
 * spans removed, so neither a `# comment` in a shell sample nor a `[x](y)` in code counts.
 * Line numbers are kept.
 */
function proseLines(markdown: string): string[] {
  let fence: string | undefined;
  return markdown.split(/\r?\n/).map((line) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== undefined) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      return '';
    }
    if (marker) {
      fence = marker;
      return '';
    }
    return line.replace(/(`+)(?:(?!\1).)+?\1/g, '');
  });
}

interface Link {
  readonly line: number;
  readonly target: string;
}

/** Inline links and images `[text](target "title")`, autolinks aside, and reference definitions `[ref]: target`. */
export function linksOf(markdown: string): Link[] {
  const links: Link[] = [];
  proseLines(markdown).forEach((line, i) => {
    for (const m of line.matchAll(/\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g)) {
      links.push({ line: i + 1, target: (m[1] ?? '').replace(/^<|>$/g, '') });
    }
    const definition = /^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/.exec(line);
    if (definition) links.push({ line: i + 1, target: (definition[1] ?? '').replace(/^<|>$/g, '') });
  });
  return links;
}

/** A target with a scheme (https:, mailto:) or a protocol-relative `//host`: not a file of the repository. */
function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');
}

/**
 * Every relative link of the given Markdown files that does not resolve: a file or folder that is
 * not there, a path that leaves the repository, or an `#anchor` the target Markdown file lacks.
 * A leading `/` is the repository root, as on GitHub. Anchors into files other than Markdown
 * (GitHub's `#L10` line anchors) are not checked.
 */
export function brokenLinks(files: readonly string[], tree: MarkdownTree): BrokenLink[] {
  const anchorCache = new Map<string, Set<string> | undefined>();
  const anchors = (file: string): Set<string> | undefined => {
    if (!anchorCache.has(file)) {
      const text = tree.read(file);
      anchorCache.set(file, text === undefined ? undefined : anchorsOf(text));
    }
    return anchorCache.get(file);
  };
  const broken: BrokenLink[] = [];
  for (const file of files) {
    const text = tree.read(file);
    if (text === undefined) throw new Error(`${file}: not a readable Markdown file`);
    for (const { line, target } of linksOf(text)) {
      if (isExternal(target)) continue;
      const report = (reason: string) => broken.push({ file, line, target, reason });
      const hashAt = target.indexOf('#');
      const rawPath = hashAt === -1 ? target : target.slice(0, hashAt);
      const fragment = hashAt === -1 ? undefined : decode(target.slice(hashAt + 1));
      const pathPart = decode(rawPath.split('?')[0] ?? '');
      const resolved =
        pathPart === ''
          ? file
          : path.posix.normalize(pathPart.startsWith('/') ? pathPart.slice(1) : path.posix.join(path.posix.dirname(file), pathPart));
      if (resolved === '..' || resolved.startsWith('../')) {
        report('points outside the repository');
        continue;
      }
      const linked = resolved.replace(/\/$/, '') || '.';
      if (!tree.exists(linked)) {
        report(`no file or folder ${linked}`);
        continue;
      }
      if (fragment === undefined || fragment === '' || !linked.toLowerCase().endsWith('.md')) continue;
      const offered = anchors(linked);
      if (offered && !offered.has(fragment)) report(`no heading or anchor #${fragment} in ${linked}`);
    }
  }
  return broken;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Decision records (`NNNN-title.md` in the ADR folder) that its index does not link to, so the
 * index stays the whole list as records are added.
 */
export function unlistedRecords(recordFiles: readonly string[], index: string): string[] {
  const linked = new Set(
    linksOf(index)
      .map(({ target }) => decode(target.split('#')[0] ?? ''))
      .map((target) => path.posix.normalize(target.replace(/^\.\//, ''))),
  );
  return recordFiles.filter((file) => !linked.has(path.posix.basename(file)));
}
