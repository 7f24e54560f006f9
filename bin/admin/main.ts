import { parseArgs } from 'node:util';
import { isCallerMistake } from '#shared/errors';
import { COACH_COMMANDS } from './coach';
import type { Command, Options } from './command';
import { authorizerCachesOf, type FlushOptions, openTarget, usagePlanOf } from './context';
import { describeFailure, LocalDataLockedError, UsageError } from './errors';
import type { Values } from './flags';
import { toJson } from './format';
import { USAGE } from './help';
import { INTAKE_COMMANDS } from './intake/commands';
import { INTAKE_GOOGLE_KEY_COMMANDS, INTAKE_PRESET_COMMANDS } from './intake/sources';
import { KEY_COMMANDS } from './keys';
import { MESSAGING_COMMANDS } from './messaging';
import { ROLLUP_COMMANDS } from './rollups';
import { SCHEDULER_COMMANDS } from './schedulers';
import { TENANCY_COMMANDS } from './tenancy';

/**
 * Operator CLI: tenancy (portfolios, enterprises, teams), API keys, intake and texting configuration.
 *
 *   npm run admin -- <command> [--flags]      (npm run admin -- help)
 *
 * The logic is `runAdmin(argv, io)`, which returns the exit code rather than exiting, so tests drive
 * it in-process; bin/admin.ts runs it as the process.
 */

// Same notice as in local/start.ts: the SDK's Node 22 warning is noise for an operator's CLI.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export interface AdminIo extends FlushOptions {
  readonly stdout: { write(chunk: string): unknown };
  readonly stderr: { write(chunk: string): unknown };
  /** @default process.env */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

const COMMANDS: Record<string, Command> = {
  ...TENANCY_COMMANDS,
  ...KEY_COMMANDS,
  ...INTAKE_COMMANDS,
  ...MESSAGING_COMMANDS,
  ...ROLLUP_COMMANDS,
  ...COACH_COMMANDS,
  ...SCHEDULER_COMMANDS,
  ...INTAKE_PRESET_COMMANDS,
  ...INTAKE_GOOGLE_KEY_COMMANDS,
};

const GLOBAL_OPTIONS: Options = {
  json: { type: 'boolean' },
  local: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};
const GLOBAL_FLAGS = new Set(['--json', '--local', '--help', '-h']);

/** Field names used by shared/ validation, as the flags an operator typed. */
const FIELD_FLAGS: Record<string, string> = {
  name: '--name',
  type: '--type',
  anchorTeamId: '--team',
  permissions: '--permissions',
  portfolioId: '--portfolio',
  keyId: '--id',
  expiresAt: '--expires',
  rateLimitPerMinute: '--rate-limit',
  fieldGroups: '--fields',
  fields: '--fields',
  perHour: '--per-hour',
  workspace_id: '--workspace',
  workspaceId: '--workspace',
};

/** Runs one CLI command and returns its exit code. Never throws. */
export async function runAdmin(argv: readonly string[], io: AdminIo = { stdout: process.stdout, stderr: process.stderr }): Promise<number> {
  const env = io.env ?? process.env;
  let json = argv.includes('--json');
  const out = (text: string): void => {
    io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  };
  try {
    const { words, rest } = splitCommand(argv);
    if (words.length === 0 || words[0] === 'help') {
      if (words.length === 0 && !rest.includes('--help') && !rest.includes('-h')) {
        io.stderr.write(USAGE);
        return 1;
      }
      out(USAGE);
      return 0;
    }
    // The longest run of words that names a command (`coach rubric show`, `team list`); words after it are left to the flags.
    let length = words.length;
    while (length > 1 && !Object.hasOwn(COMMANDS, words.slice(0, length).join(' '))) length--;
    const commandName = words.slice(0, length).join(' ');
    const command = Object.hasOwn(COMMANDS, commandName) ? COMMANDS[commandName] : undefined;
    if (!command) throw new UsageError(`unknown command '${words.join(' ')}'`);

    const values = parseFlags([...words.slice(length), ...rest], command.options, command.positional);
    json = values.json === true;
    if (values.help === true) {
      out(USAGE);
      return 0;
    }

    const target = await openTarget(values.local === true, env);
    try {
      await command.run({
        store: target.store,
        configs: target.configs,
        messaging: target.messaging,
        schedulers: target.schedulers,
        campaigns: target.campaigns,
        sessions: target.sessions,
        rollups: target.rollups,
        rubrics: target.rubrics,
        limits: target.limits,
        usagePlan: () => usagePlanOf(target, env, io),
        authorizerCaches: () => authorizerCachesOf(target, env, io),
        values,
        json,
        out,
      });
    } finally {
      await target.close();
    }
    return 0;
  } catch (error) {
    return report(error, io, json);
  }
}

/** Exit code 1 for what the operator can correct on the command line, 2 for everything else. */
function report(error: unknown, io: AdminIo, json: boolean): number {
  let code = 2;
  let message: string;
  let flag: string | undefined;
  if (error instanceof UsageError) {
    code = 1;
    message = error.message;
    flag = error.flag;
  } else if (isCallerMistake(error)) {
    code = 1;
    flag = error.field ? FIELD_FLAGS[error.field] : undefined;
    message = flagged(error.message, error.field, flag);
  } else if (error instanceof LocalDataLockedError) {
    message = error.message;
  } else {
    message = describeFailure(error);
  }
  if (json) io.stderr.write(`${toJson({ error: code === 1 ? 'invalid_request' : 'failed', message, ...(flag ? { flag } : {}) })}\n`);
  else io.stderr.write(`error: ${message}${code === 1 ? '\nRun `npm run admin -- help` for usage.' : ''}\n`);
  return code;
}

/** "anchorTeamId 7 does not…" → "--team 7 does not…"; other messages get the flag in front. */
function flagged(message: string, field: string | undefined, flag: string | undefined): string {
  if (!field || !flag) return message;
  if (message.startsWith(field)) return `${flag}${message.slice(field.length)}`;
  return `${flag}: ${message}`;
}

/** Command words (up to three) come first (global boolean flags may precede them); everything after is flags. */
function splitCommand(argv: readonly string[]): { words: string[]; rest: string[] } {
  const words: string[] = [];
  const rest: string[] = [];
  let i = 0;
  for (; i < argv.length && words.length < 3; i++) {
    const token = argv[i] as string;
    if (GLOBAL_FLAGS.has(token)) rest.push(token);
    else if (token.startsWith('-')) break;
    else if (words[0] === 'help') break;
    else words.push(token);
  }
  rest.push(...argv.slice(i));
  return { words, rest };
}

function parseFlags(args: readonly string[], options: Options, positional?: string): Values {
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({
      args: [...args],
      options: { ...GLOBAL_OPTIONS, ...options },
      strict: true,
      allowPositionals: positional !== undefined,
    }) as {
      values: Values;
      positionals: string[];
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const flag = /'(--?[a-z-]+)/.exec(message)?.[1];
    throw new UsageError(message, flag);
  }
  if (positional === undefined) return parsed.values;
  if (parsed.positionals.length > 1) throw new UsageError(`expected one ${positional}, got '${parsed.positionals.join(' ')}'`);
  const [word] = parsed.positionals;
  return word === undefined ? parsed.values : { ...parsed.values, [positional]: word };
}
