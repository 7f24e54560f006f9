#!/usr/bin/env node
/**
 * `lead-call-scheduling-service-admin`: the operator CLI as a command (package.json `bin`), the
 * same as `npm run admin --`. It runs bin/admin.ts with tsx, as `npm run admin` does, from the
 * package's own folder whatever the working directory: tsx and the tsconfig are the package's,
 * and the local data folder is the package's .data (where `npm start` keeps it) unless DATA_DIR
 * says otherwise.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const result = spawnSync(
  process.execPath,
  ['--import', import.meta.resolve('tsx'), path.join(root, 'bin', 'admin.ts'), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      ADMIN_PROGRAM_NAME: 'lead-call-scheduling-service-admin',
      DATA_DIR: process.env.DATA_DIR ?? path.join(root, '.data'),
      TSX_TSCONFIG_PATH: process.env.TSX_TSCONFIG_PATH ?? path.join(root, 'tsconfig.json'),
      // The embedded DynamoDB's worker (local/dynamodb/embedded.ts) requires tsx from code it evaluates, which
      // resolves from the working directory: the package's modules are named for it.
      NODE_PATH: [path.join(root, 'node_modules'), process.env.NODE_PATH].filter(Boolean).join(path.delimiter),
    },
  },
);
if (result.error) {
  process.stderr.write(`error: ${result.error.message}\n`);
  process.exit(1);
}
// A child ended by a signal (Ctrl-C) ends this process the same way.
if (result.signal) process.kill(process.pid, result.signal);
process.exit(result.status ?? 1);
