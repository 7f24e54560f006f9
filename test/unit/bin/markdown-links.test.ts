import fc from 'fast-check';
import { anchorsOf, brokenLinks, githubSlug, linksOf, type MarkdownTree, unlistedRecords } from '../../../bin/markdown-links';

/** A file tree in memory: Markdown files by path, plus other files that exist. */
function tree(markdown: Record<string, string>, others: readonly string[] = []): MarkdownTree {
  const paths = [...Object.keys(markdown), ...others];
  const known = new Set<string>(['.']);
  for (const file of paths) {
    known.add(file);
    const parts = file.split('/');
    for (let i = 1; i < parts.length; i++) known.add(parts.slice(0, i).join('/'));
  }
  return { read: (file) => markdown[file], exists: (file) => known.has(file) };
}

function problems(markdown: Record<string, string>, others: readonly string[] = []): string[] {
  return brokenLinks(Object.keys(markdown), tree(markdown, others)).map((b) => `${b.file}:${b.line} ${b.target}`);
}

describe('githubSlug', () => {
  it.each([
    ['Rate limits, key usage and data configuration', 'rate-limits-key-usage-and-data-configuration'],
    ['Lead sources: presets and the Google Ads lead-form route', 'lead-sources-presets-and-the-google-ads-lead-form-route'],
    [
      'Durability: nothing acknowledged is lost, no side effect happens twice',
      'durability-nothing-acknowledged-is-lost-no-side-effect-happens-twice',
    ],
    ['Node.js 22 on Lambda', 'nodejs-22-on-lambda'],
    ['`#shared/...` imports', 'shared-imports'],
    ['A — B', 'a--b'],
    ['snake_case and kebab-case', 'snake_case-and-kebab-case'],
    ['Café über 5xx', 'café-über-5xx'],
    ['See [the guide](docs/x.md) <em>now</em>', 'see-the-guide-now'],
  ])('slugs %j as GitHub does: %s', (heading, slug) => {
    expect(githubSlug(heading)).toBe(slug);
  });

  it('keeps only letters, marks, numbers, underscores and hyphens, whatever the heading', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (heading) => {
        expect(githubSlug(heading)).toMatch(/^[\p{L}\p{M}\p{N}\p{Pc}-]*$/u);
      }),
    );
  });
});

describe('anchorsOf', () => {
  it('numbers repeated headings, reads setext headings and HTML ids, and skips fenced code', () => {
    const text = [
      '# Title',
      '## Usage',
      '## Usage',
      'Setext heading',
      '--------------',
      '- <a id="explicit-anchor"></a>**A promise.**',
      '```sh',
      '# not a heading',
      '```',
    ].join('\n');
    expect([...anchorsOf(text)].sort()).toEqual(['explicit-anchor', 'setext-heading', 'title', 'usage', 'usage-1']);
  });
});

describe('linksOf', () => {
  it('finds inline links, images, titled links and reference definitions, not links inside code', () => {
    const text = [
      'See [a](docs/a.md) and ![b](img/b.png "B") and [c](<docs/with space.md>).',
      '`[not](a-link.md)` and',
      '```',
      '[not](either.md)',
      '```',
      '[ref]: docs/ref.md#part',
    ].join('\n');
    expect(linksOf(text)).toEqual([
      { line: 1, target: 'docs/a.md' },
      { line: 1, target: 'img/b.png' },
      { line: 1, target: 'docs/with space.md' },
      { line: 6, target: 'docs/ref.md#part' },
    ]);
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(Array.isArray(linksOf(text))).toBe(true);
      }),
    );
  });
});

describe('brokenLinks', () => {
  it('accepts links to files, folders, headings of this and other files, and external URLs', () => {
    expect(
      problems(
        {
          'README.md': [
            '# Service',
            '## Quick start',
            '[start](#quick-start) [guide](docs/guide.md#deploying-a-stage) [adr](docs/adr/) [src](lib/stack.ts#L10)',
            '[site](https://example.com/x#y) [mail](mailto:a@example.com) [root](/docs/guide.md)',
          ].join('\n'),
          'docs/guide.md': '# Guide\n## Deploying a stage\n[back](../README.md#service)',
        },
        ['docs/adr/0100-x.md', 'lib/stack.ts'],
      ),
    ).toEqual([]);
  });

  it('reports a missing file, a missing anchor here or in another file, and a path out of the repository', () => {
    expect(
      problems({
        'README.md': '# Service\n[gone](docs/missing.md)\n[here](#nowhere)\n[there](docs/guide.md#nowhere)\n[out](../outside/notes.md)',
        'docs/guide.md': '# Guide',
      }),
    ).toEqual([
      'README.md:2 docs/missing.md',
      'README.md:3 #nowhere',
      'README.md:4 docs/guide.md#nowhere',
      'README.md:5 ../outside/notes.md',
    ]);
  });

  it('matches anchors exactly as GitHub writes them (lower case)', () => {
    expect(problems({ 'a.md': '# Quick start\n[x](#Quick-Start)' })).toEqual(['a.md:2 #Quick-Start']);
  });
});

describe('unlistedRecords', () => {
  it('names the decision records the index does not link to', () => {
    const index = '# Decisions\n- [0100 One](0100-one.md)\n- [0101 Two](./0101-two.md#context)';
    expect(unlistedRecords(['docs/adr/0100-one.md', 'docs/adr/0101-two.md', 'docs/adr/0102-three.md'], index)).toEqual([
      'docs/adr/0102-three.md',
    ]);
  });
});
