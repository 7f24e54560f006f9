import { runAdmin } from '../../bin/admin/main';

export interface AdminRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the operator CLI in-process against the emulator (DYNAMODB_ENDPOINT and the table
 * variables come from startEmulator), capturing its output.
 */
export async function admin(...argv: string[]): Promise<AdminRun> {
  let stdout = '';
  let stderr = '';
  const code = await runAdmin(argv, {
    stdout: { write: (chunk: string) => (stdout += chunk) },
    stderr: { write: (chunk: string) => (stderr += chunk) },
    env: process.env,
  });
  return { code, stdout, stderr };
}

/** Runs a command with --json, expects it to succeed quietly, and returns what it printed. */
export async function adminJson<T>(...argv: string[]): Promise<T> {
  const run = await admin(...argv, '--json');
  expect(run).toMatchObject({ code: 0, stderr: '' });
  return JSON.parse(run.stdout) as T;
}

/** Expects a refusal: exit 1, nothing on stdout, the message naming each given text. */
export function expectRefused(run: AdminRun, ...texts: string[]): void {
  expect(run.code).toBe(1);
  expect(run.stdout).toBe('');
  for (const text of texts) expect(run.stderr).toContain(text);
}
