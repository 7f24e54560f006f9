import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { type ServiceProcess, startServiceProcess } from '../support/service-process';

/**
 * The documentation's copy-paste requests work: every ```sh block of README.md, docs/ and local/
 * that runs `curl` (or only sets variables, such as `BASE` and `KEY`) is run against one `npm start` (seeded demo data), each page's blocks in order
 * in one bash with `set -euo pipefail`, from a folder whose `.data` is the service's data folder,
 * with the docs' base URL `http://127.0.0.1:3000` replaced by the service's. Every curl must answer
 * 2xx unless the block says otherwise in the comment just above its fence:
 *
 *   <!-- docs-test: expect 409 -->        every curl of the block answers 409
 *   <!-- docs-test: expect 400,401 -->    the block's first curl 400, its second 401
 *   <!-- docs-test: skip: <why> -->       not run (it needs AWS or a deploy); keep these few
 *   <!-- docs-test: run -->               run although it calls no curl (a receiver, a check)
 *
 * A failure names the page, the block's line and the curl. While writing docs, run one page
 * against your own `npm start` (its data changes):
 *   DOCS_REQUESTS_URL=http://127.0.0.1:3000 npx jest test/e2e/docs-requests.test.ts -t read.md
 */

const ROOT = path.join(__dirname, '..', '..');
const DOCS_BASE_URL = 'http://127.0.0.1:3000';
const PAGE_TIMEOUT_MS = 120_000;
const DIRECTIVE = /^<!--\s*docs-test:\s*(.*?)\s*-->$/;

interface Block {
  /** 1-based line of the opening fence. */
  readonly line: number;
  readonly text: string;
  /** Expected status of each curl in order; one entry applies to every curl; empty: any 2xx. */
  readonly expect: readonly number[];
}

interface Page {
  readonly file: string;
  readonly blocks: readonly Block[];
}

/** The Markdown files the docs test reads: the README, docs/ and local/, as git knows them. */
function documentationFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file === 'README.md' || (/^(docs|local)\/.+\.md$/.test(file) && !file.startsWith('docs/adr/')))
    .sort((a, b) => (a === 'README.md' ? -1 : b === 'README.md' ? 1 : a.localeCompare(b)));
}

/** A block that only sets variables (`BASE=...`, `KEY=$(jq ...)`): the blocks after it need it. */
function isSetup(text: string): boolean {
  const lines = text.split('\n').filter((l) => !/^\s*(#.*)?$/.test(l));
  return lines.length > 0 && lines.every((l) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(l));
}

/** The page's ```sh blocks that call curl, and those that set their variables, with the directive just above each. */
function curlBlocks(markdown: string, file: string): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = /^(\s*)(`{3,})(sh|bash|shell)\s*$/.exec(lines[i] ?? '');
    if (!fence) continue;
    const start = i;
    const indent = fence[1] ?? '';
    const close = new RegExp(`^${indent}${fence[2]}\\s*$`);
    let end = i + 1;
    while (end < lines.length && !close.test(lines[end] ?? '')) end++;
    const text = lines
      .slice(i + 1, end)
      .map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l))
      .join('\n');
    let above = i - 1;
    while (above >= 0 && (lines[above] ?? '').trim() === '') above--;
    const directive = DIRECTIVE.exec((lines[above] ?? '').trim())?.[1] ?? '';
    const at = `${file}:${i + 1}`;
    i = end;
    if (directive === 'run') {
      blocks.push({ line: start + 1, text, expect: [] });
      continue;
    }
    if (!/(^|[\s;|&(])curl\s/m.test(text) && !isSetup(text) && directive !== 'run') continue;
    if (/^skip\b/.test(directive)) {
      if (!/^skip:\s*\S/.test(directive)) throw new Error(`${at}: a skipped block says why (<!-- docs-test: skip: <why> -->)`);
      continue;
    }
    let expect: number[] = [];
    if (directive !== '') {
      const match = /^expect\s+(\d{3}(?:\s*,\s*\d{3})*)$/.exec(directive);
      if (!match?.[1]) throw new Error(`${at}: unknown docs-test directive "${directive}"`);
      expect = match[1].split(',').map((s) => Number(s.trim()));
    }
    blocks.push({ line: start + 1, text, expect });
  }
  return blocks;
}

/** The bash script of a page: a curl wrapper that reports each call and its status on stderr, then the blocks. */
function pageScript(page: Page, baseUrl: string): string {
  const prologue = [
    'set -euo pipefail',
    '__docs_block() { printf \'\\n@@docs-block %s\\n\' "$1" >&2; }',
    'curl() { printf \'\\n@@docs-curl %s\\n\' "$*" >&2; command curl "$@" -w \'%{stderr}\\n@@docs-status %{http_code}\\n\'; }',
  ];
  const blocks = page.blocks.map((block, index) => `__docs_block ${index}\n${block.text.split(DOCS_BASE_URL).join(baseUrl)}`);
  return `${[...prologue, ...blocks].join('\n')}\n`;
}

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs bash in its own process group and kills what the script left behind (a webhook receiver). */
function runBash(script: string, cwd: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const killGroup = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // the group is gone already
      }
    };
    const timer = setTimeout(killGroup, PAGE_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      killGroup();
      // Let the pipes drain what was written before the exit.
      setTimeout(() => resolve({ code, stdout, stderr }), 100);
    });
  });
}

interface Call {
  readonly block: number;
  readonly command: string;
  status?: number;
}

function callsOf(stderr: string): Call[] {
  const calls: Call[] = [];
  let block = -1;
  for (const line of stderr.split('\n')) {
    const marker = /^@@docs-(block|curl|status) (.*)$/.exec(line);
    if (!marker) continue;
    const [, kind, value = ''] = marker;
    if (kind === 'block') block = Number(value);
    else if (kind === 'curl') calls.push({ block, command: value });
    else {
      const open = [...calls].reverse().find((c) => c.status === undefined);
      if (open) open.status = Number(value);
    }
  }
  return calls;
}

const mask = (text: string) => text.replace(/service_[0-9a-f]{64}/g, 'service_…');

function problemsOf(page: Page, run: Run): string[] {
  const problems: string[] = [];
  const calls = callsOf(run.stderr);
  page.blocks.forEach((block, index) => {
    const own = calls.filter((c) => c.block === index);
    own.forEach((call, k) => {
      const expected = block.expect.length === 0 ? undefined : (block.expect[block.expect.length === 1 ? 0 : k] ?? block.expect[0]);
      const ok = expected === undefined ? call.status !== undefined && call.status >= 200 && call.status < 300 : call.status === expected;
      if (!ok)
        problems.push(
          `${page.file}:${block.line}: curl ${k + 1} of the block answered ${call.status ?? 'nothing'} (expected ${expected ?? '2xx'}): curl ${mask(call.command)}`,
        );
    });
  });
  if (run.code !== 0) {
    const lastBlock = calls.at(-1)?.block ?? 0;
    const block = page.blocks[Math.max(0, Math.min(lastBlock, page.blocks.length - 1))];
    const tail = mask(
      run.stderr
        .split('\n')
        .filter((l) => !l.startsWith('@@docs-') && l.trim() !== '')
        .slice(-8)
        .join('\n'),
    );
    problems.push(`${page.file}:${block?.line}: the page's script stopped with exit code ${run.code} in or after this block:\n${tail}`);
  }
  return problems;
}

function requireTool(tool: string): void {
  try {
    execFileSync(tool, ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error(`the docs' requests need \`${tool}\` on PATH (apt-get install -y curl jq, or brew install curl jq)`);
  }
}

const pages: Page[] = documentationFiles()
  .map((file) => ({ file, blocks: curlBlocks(readFileSync(path.join(ROOT, file), 'utf8'), file) }))
  .filter((page) => page.blocks.length > 0);

describe("the docs' copy-paste requests, against npm start", () => {
  const runningUrl = process.env.DOCS_REQUESTS_URL;
  let service: ServiceProcess | undefined;
  let baseUrl = '';
  let workDir = '';

  beforeAll(async () => {
    requireTool('curl');
    requireTool('jq');
    if (runningUrl) {
      baseUrl = runningUrl.replace(/\/$/, '');
      workDir = ROOT;
      return;
    }
    workDir = mkdtempSync(path.join(tmpdir(), 'docs-requests-'));
    service = await startServiceProcess(path.join(workDir, '.data'));
    baseUrl = service.url;
  }, 240_000);

  afterAll(async () => {
    await service?.kill('SIGKILL');
    if (service) rmSync(workDir, { recursive: true, force: true });
  });

  it('finds the requests of the README, the API pages and the demo', () => {
    const files = pages.map((page) => page.file);
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/api/read.md', 'docs/api/intake.md', 'docs/api/webhooks.md']));
  });

  it.each(pages.map((page) => [page.file, page] as const))(
    '%s: every request answers as the page says',
    async (_file, page) => {
      if (baseUrl === '') throw new Error('the service did not start');
      const run = await runBash(pageScript(page, baseUrl), workDir);
      expect(problemsOf(page, run)).toEqual([]);
    },
    PAGE_TIMEOUT_MS + 10_000,
  );
});
