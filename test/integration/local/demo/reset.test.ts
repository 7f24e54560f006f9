import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import * as path from 'node:path';
import { ResetRefused, resetDemoData } from '../../../../local/demo/reset';
import { startLocalDynamo } from '../../../../local/dynamodb/embedded';

/**
 * `npm run demo:reset`: removes what the local runtime wrote to its data folder and nothing else,
 * and refuses a folder that is not one, the project or home folder, and a folder in use.
 */

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'demo-reset-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A data folder as `npm start` leaves it, plus a file of the user's. */
function dataFolder(): string {
  const dir = tempDir();
  for (const sub of ['dynamodb', 'sandbox']) mkdirSync(path.join(dir, sub));
  writeFileSync(path.join(dir, 'dynamodb', 'CURRENT'), 'MANIFEST-000001\n');
  writeFileSync(path.join(dir, 'sandbox', 'voice-calls.jsonl'), '{}\n');
  for (const file of [
    'demo-credentials.json',
    'events.jsonl',
    'cursor-secret',
    'webhook-secret-key',
    'dlq-outreach-calls.jsonl',
    'dlq-stream-session-rollups.jsonl',
    'schedules.json.imported',
    'my-notes.txt',
  ]) {
    writeFileSync(path.join(dir, file), '{}\n');
  }
  return dir;
}

describe('resetDemoData', () => {
  it("removes the runtime's entries and keeps anything else", async () => {
    const dir = dataFolder();

    const result = await resetDemoData(dir);

    expect(result.kept).toEqual(['my-notes.txt']);
    expect(result.removed).toEqual([
      'cursor-secret',
      'demo-credentials.json',
      'dlq-outreach-calls.jsonl',
      'dlq-stream-session-rollups.jsonl',
      'dynamodb',
      'events.jsonl',
      'sandbox',
      'schedules.json.imported',
      'webhook-secret-key',
    ]);
    expect(readdirSync(dir)).toEqual(['my-notes.txt']);
  });

  it('does nothing for a folder that does not exist or is empty', async () => {
    expect(await resetDemoData(path.join(tempDir(), 'missing'))).toEqual({ removed: [], kept: [] });
    expect(await resetDemoData(tempDir())).toEqual({ removed: [], kept: [] });
  });

  it('refuses a folder holding neither tables nor demo keys, and leaves it whole', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'events.jsonl'), '{}\n');
    writeFileSync(path.join(dir, 'thesis.tex'), '\\documentclass{article}\n');

    await expect(resetDemoData(dir)).rejects.toThrow(/not a local data folder/);
    expect(readdirSync(dir).sort()).toEqual(['events.jsonl', 'thesis.tex']);
  });

  it('refuses the working folder, a folder containing it, and the home folder', async () => {
    const project = dataFolder();
    await expect(resetDemoData(project, { cwd: project })).rejects.toThrow(ResetRefused);
    await expect(resetDemoData(path.dirname(project), { cwd: project })).rejects.toThrow(/is \(or contains\)/);
    await expect(resetDemoData(homedir(), { cwd: project })).rejects.toThrow(ResetRefused);
    expect(existsSync(path.join(project, 'dynamodb'))).toBe(true);
  });

  it('refuses a folder whose tables a running service holds', async () => {
    const dir = tempDir();
    const dynamo = await startLocalDynamo({ dataDir: dir });
    try {
      writeFileSync(path.join(dir, 'demo-credentials.json'), '{"keys":[]}\n');
      await expect(resetDemoData(dir)).rejects.toThrow(/in use by a running service/);
      expect(existsSync(path.join(dir, 'demo-credentials.json'))).toBe(true);
    } finally {
      await dynamo.stop();
    }
    expect((await resetDemoData(dir)).removed).toEqual(['demo-credentials.json', 'dynamodb']);
  });
});
