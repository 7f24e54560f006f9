import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { brokenLinks, unlistedRecords } from './markdown-links';

/**
 * `npm run lint`'s link check: every relative link and `#anchor` in the repository's Markdown
 * resolves, and every decision record in docs/adr/ is listed in docs/adr/README.md. Files are the
 * ones git knows (tracked, or new and not ignored), so a link to an ignored file such as the local
 * data folder fails here as it would on a fresh clone. Exits 1 with one line per problem.
 */

const ROOT = path.resolve(__dirname, '..');
const ADR_DIR = 'docs/adr';
const ADR_INDEX = `${ADR_DIR}/README.md`;

const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\0')
  .filter((f) => f !== '');
const known = new Set(files);
for (const file of files) {
  for (let dir = path.posix.dirname(file); dir !== '.'; dir = path.posix.dirname(dir)) known.add(dir);
}
known.add('.');

const markdown = files.filter((f) => f.toLowerCase().endsWith('.md'));
const problems = brokenLinks(markdown, {
  read: (file) => (known.has(file) && file.toLowerCase().endsWith('.md') ? readFileSync(path.join(ROOT, file), 'utf8') : undefined),
  exists: (file) => known.has(file),
}).map((b) => `${b.file}:${b.line}: ${b.target}: ${b.reason}`);

const records = files.filter((f) => path.posix.dirname(f) === ADR_DIR && /^\d{4}-.+\.md$/.test(path.posix.basename(f)));
if (records.length > 0) {
  if (!known.has(ADR_INDEX)) problems.push(`${ADR_INDEX}: missing; it must list every decision record in ${ADR_DIR}/`);
  else
    for (const file of unlistedRecords(records, readFileSync(path.join(ROOT, ADR_INDEX), 'utf8')))
      problems.push(`${ADR_INDEX}: does not link to ${file}`);
}

if (problems.length > 0) {
  process.stderr.write(`${problems.join('\n')}\n${problems.length} broken link(s) in Markdown\n`);
  process.exit(1);
}
process.stdout.write(`links: ${markdown.length} Markdown files, every relative link and anchor resolves\n`);
