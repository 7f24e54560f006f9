import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

/**
 * The repository stands on its own: no file sends the reader to a document it does not hold (a
 * sibling folder's spec, a tracker's issue number, a numbered decision of an outside guide).
 * What the service must do is written in its own README, docs/ (decision records in docs/adr/)
 * and OpenAPI document; a comment states the requirement itself. Relative Markdown links that
 * leave the repository are caught by the link check of `npm run lint` (bin/check-links.ts).
 */

const ROOT = path.resolve(__dirname, '..', '..');
const THIS_FILE = path.relative(ROOT, __filename).split(path.sep).join('/');

/** What points outside, each with why it does. */
const OUTSIDE_REFERENCES: readonly { readonly pattern: RegExp; readonly why: string }[] = [
  { pattern: /(?<![./\w])\.\.\/shared\//, why: 'a path into the folder beside the repository' },
  { pattern: /interface\.md/i, why: 'the interface document outside the repository' },
  { pattern: /\bissues? [0-9]+\b/i, why: 'an issue number of a tracker the repository does not hold' },
  { pattern: /\bthe issue\b(?!s| types?\b)|\bthe issues (?:ask|measured|say|name)/i, why: 'an issue the reader cannot open' },
  { pattern: /\bARCHITECTURE(?: decision)? [0-9]+|\bARCHITECTURE:/, why: 'a numbered decision of a guide outside the repository' },
  { pattern: /\bthe spec\b|\bspec's\b|(?:\/\*\*|\*|\/\/)\s*Spec:/i, why: 'a spec outside the repository' },
];

/** In prose only (Markdown, or a comment line of code), since `(spec: LoadSpec)` is a parameter. */
const OUTSIDE_REFERENCES_IN_PROSE: readonly { readonly pattern: RegExp; readonly why: string }[] = [
  { pattern: /\(spec\b(?!\.)/i, why: 'a spec outside the repository' },
];

function isProse(file: string, line: string): boolean {
  return file.endsWith('.md') || /^\s*(?:\/\/|\/\*|\*)/.test(line);
}

/** Every text file git knows (tracked, or new and not ignored), the lockfile aside. */
function repositoryTextFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '' && file !== 'package-lock.json' && file !== THIS_FILE);
}

function outsideReferences(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    const patterns = isProse(file, line) ? [...OUTSIDE_REFERENCES, ...OUTSIDE_REFERENCES_IN_PROSE] : OUTSIDE_REFERENCES;
    for (const { pattern, why } of patterns) {
      const match = pattern.exec(line);
      if (match) found.push(`${file}:${i + 1}: "${match[0]}" (${why})`);
    }
  });
  return found;
}

describe('the repository refers to nothing outside it', () => {
  it('has no file that cites an outside spec, issue number or numbered outside decision', () => {
    const found = repositoryTextFiles().flatMap((file) => {
      let bytes: Buffer;
      try {
        bytes = readFileSync(path.join(ROOT, file));
      } catch {
        return []; // deleted in the work tree, not yet in the index
      }
      if (bytes.subarray(0, 8000).includes(0)) return []; // binary
      return outsideReferences(file, bytes.toString('utf8'));
    });
    expect(found).toEqual([]);
  });

  // The samples are assembled from parts so that this file does not hold the references it tests for.
  it.each([
    [`See \`..${'/'}shared/spec/interface.md\`.`, 'a path into the folder beside the repository'],
    [`as issue ${12} asks`, 'an issue number of a tracker the repository does not hold'],
    ['(issues 10 and 15)', 'an issue number of a tracker the repository does not hold'],
    ['where the issue is silent', 'an issue the reader cannot open'],
    [`(ARCHITECTURE decision ${14})`, 'a numbered decision of a guide outside the repository'],
    [`(ARCHITECTURE ${7})`, 'a numbered decision of a guide outside the repository'],
    ["the spec's eight permissions", 'a spec outside the repository'],
    ['/** Spec: Campaign status. */', 'a spec outside the repository'],
    [' * Only intake accepts X-API-Key (spec: Authentication, item 5).', 'a spec outside the repository'],
  ])('catches %j', (line, why) => {
    expect(outsideReferences('x.ts', line).join()).toContain(why);
  });

  it.each([
    `import schema from '../..${'/'}shared/events/schemas/lead.created.json';`,
    '`services` are the issue types the widget offers',
    'const spec: LoadSpec = { url };',
    'https://spec.openapis.org/oas/3.1/schema',
    'issuesFor(trade).map((spec) => spec.weight)',
    'function send(spec: LoadSpec): void {}',
    '/** Reports the issues of a schema a step ran. */',
    ' * The License Object (spec.openapis.org/oas/3.1/schema).',
  ])('lets %j pass', (line) => {
    expect(outsideReferences('x.ts', line)).toEqual([]);
  });
});
