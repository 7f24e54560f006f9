import { existsSync, readdirSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import * as path from 'node:path';

/**
 * Back to the demo: removes what the local runtime wrote under its data folder (the table in docs/local-runtime.md:
 * the tables, the demo keys, events, sandbox outboxes, dead letters, secrets), so the next start
 * seeds the demo afresh. Guarded: only a folder that holds the runtime's tables or demo keys, never
 * the project, the home folder, a folder containing either, or a folder a running `npm start` holds;
 * and only the entries the runtime writes (anything else in the folder stays, and is listed).
 */
export interface ResetResult {
  /** Entries removed, relative to the data folder. */
  readonly removed: readonly string[];
  /** Entries left because the runtime does not write them. */
  readonly kept: readonly string[];
}

export class ResetRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResetRefused';
  }
}

/** What the runtime writes at the top of the data folder (see local/runtime/adapters.ts, service.ts, seed.ts, scheduler.ts). */
const RUNTIME_ENTRY =
  /^(dynamodb|sandbox|demo-credentials\.json|events\.jsonl|cursor-secret|webhook-secret-key|schedules\.json(\.imported)?|dlq-[\w.-]+\.jsonl|demo-credentials\.json\.\d+\.tmp)$/;

export async function resetDemoData(dataDir: string, options: { readonly cwd?: string } = {}): Promise<ResetResult> {
  const folder = path.resolve(dataDir);
  const cwd = path.resolve(options.cwd ?? process.cwd());
  if (!existsSync(folder)) return { removed: [], kept: [] };
  for (const protectedDir of [cwd, homedir(), path.parse(folder).root]) {
    if (isSameOrAncestor(folder, protectedDir)) {
      throw new ResetRefused(`refusing to reset ${folder}: it is (or contains) ${protectedDir}; set DATA_DIR to the local data folder`);
    }
  }
  const entries = readdirSync(folder);
  if (entries.length > 0 && !entries.includes('dynamodb') && !entries.includes('demo-credentials.json')) {
    throw new ResetRefused(
      `refusing to reset ${folder}: it holds neither dynamodb/ nor demo-credentials.json, so it is not a local data folder`,
    );
  }
  if (await isLocked(path.join(folder, 'dynamodb'))) {
    throw new ResetRefused(`${folder} is in use by a running service (npm start or npm run dev): stop it, then reset`);
  }
  const removed: string[] = [];
  const kept: string[] = [];
  for (const entry of entries.sort()) {
    if (!RUNTIME_ENTRY.test(entry)) {
      kept.push(entry);
      continue;
    }
    rmSync(path.join(folder, entry), { recursive: true, force: true });
    removed.push(entry);
  }
  return { removed, kept };
}

function isSameOrAncestor(folder: string, other: string): boolean {
  const relative = path.relative(folder, other);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * LevelDB lets one process open a folder; the running service holds its lock. Probed with the same
 * LevelDB binding the embedded DynamoDB uses (as the operator CLI does).
 */
async function isLocked(levelDir: string): Promise<boolean> {
  if (!existsSync(levelDir)) return false;
  const { Level } = await import('level');
  const db = new Level(levelDir);
  try {
    await db.open();
    return false;
  } catch (error) {
    // Anything else (a damaged folder) is not held by a service, and is what a reset is for.
    return (error as { cause?: { code?: string } }).cause?.code === 'LEVEL_LOCKED';
  } finally {
    await db.close().catch(() => undefined);
  }
}
