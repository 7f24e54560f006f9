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
