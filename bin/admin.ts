import { runAdmin } from './admin/main';

/** `npm run admin`: the operator CLI as a process (bin/admin/main.ts; tests call runAdmin in-process). */
runAdmin(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
