import * as path from 'node:path';
import { ResetRefused, resetDemoData } from '../demo/reset';
import { relativeToCwd } from './startup-summary';

/**
 * `npm run demo:reset`: the data folder (DATA_DIR, default .data) back to nothing, so the next
 * `npm start` seeds the demo again (with new demo keys). See local/demo/reset.ts for the guards.
 */
async function main(): Promise<void> {
  const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
  const { removed, kept } = await resetDemoData(dataDir);
  const shown = relativeToCwd(dataDir);
  if (removed.length === 0) process.stdout.write(`${shown}: nothing to reset\n`);
  else process.stdout.write(`${shown}: removed ${removed.join(', ')}\n`);
  if (kept.length > 0) process.stdout.write(`${shown}: left as they are (not the runtime's): ${kept.join(', ')}\n`);
  process.stdout.write('npm start seeds the demo again (new demo keys in demo-credentials.json)\n');
}

main().catch((error: unknown) => {
  process.stderr.write(
    `demo reset: ${error instanceof ResetRefused ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
