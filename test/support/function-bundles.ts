import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { functionBuildOptions } from '../../lib/function-bundle';
import { REPOSITORY_ROOT } from './import-graph';

/** A function bundled as the stack bundles it: its output folder and esbuild's metafile. */
export interface FunctionBundle {
  readonly outdir: string;
  readonly metafile: Metafile;
}

/**
 * The test file's folder of bundles: made before its tests, removed after them. Returns a reader,
 * since the folder exists only once the tests run.
 */
export function bundlesFolder(prefix: string): () => string {
  let folder = '';
  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), prefix));
  });
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });
  return () => folder;
}

/** Bundles functions/<name>/handler.ts with the stack's options into its own folder under `folder`. */
export async function bundleFunction(folder: string, functionName: string): Promise<FunctionBundle> {
  const outdir = path.join(folder, functionName);
  const entry = path.join(REPOSITORY_ROOT, 'functions', functionName, 'handler.ts');
  const result = await build({ ...functionBuildOptions(REPOSITORY_ROOT, entry, outdir), metafile: true, logLevel: 'silent' });
  if (!result.metafile) throw new Error('no metafile');
  return { outdir, metafile: result.metafile };
}
