import { parseArgs } from 'node:util';
import { isCallerMistake } from '#shared/errors';
import { COACH_COMMANDS } from './coach';
import type { Command, Options } from './command';
import { confirm, type Prompt, terminalPrompt } from './confirm';
import { authorizerCachesOf, type FlushOptions, openTarget, usagePlanOf } from './context';
import { DeclinedError, describeFailure, LocalDataLockedError, UsageError } from './errors';
import type { Values } from './flags';
import { toJson } from './format';
import { commandHelp, GROUPS, groupHelp, HELP_TOPICS, overview, programName, targetHelp } from './help';
import { INTAKE_COMMANDS } from './intake/commands';
import { INTAKE_GOOGLE_KEY_COMMANDS, INTAKE_PRESET_COMMANDS } from './intake/sources';
import { KEY_COMMANDS } from './keys';
import { MESSAGING_COMMANDS } from './messaging';
import { ROLLUP_COMMANDS } from './rollups';
import { SCHEDULER_COMMANDS } from './schedulers';
import { closest } from './suggest';
import { TENANCY_COMMANDS } from './tenancy';
import { versionText } from './version';

/**
 * Operator CLI: tenancy (portfolios, enterprises, teams), API keys, intake and texting configuration.
 *
 *   npm run admin -- <command> [--flags]      (npm run admin -- --help)
 *   lead-call-scheduling-service-admin <command> [--flags]      (the package's bin, bin/admin.mjs)
 *
 * The logic is `runAdmin(argv, io)`, which returns the exit code rather than exiting, so tests drive
 * it in-process; bin/admin.ts runs it as the process.
 */

// Same notice as in local/cli/start.ts: the SDK's Node 22 warning is noise for an operator's CLI.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export interface AdminIo extends FlushOptions {
  readonly stdout: { write(chunk: string): unknown };
  readonly stderr: { write(chunk: string): unknown };
  /** @default process.env */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Where confirmations are asked. @default the terminal, when stdin and stderr are one */
  readonly prompt?: Prompt;
}

export const COMMANDS: Readonly<Record<string, Command>> = {
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
  yes: { type: 'boolean', short: 'y' },
};
const GLOBAL_FLAGS = new Set(['--json', '--local', '--help', '-h', '--yes', '-y']);
const HELP_FLAGS = ['--help', '-h'];
const VERSION_FLAGS = ['--version', '-V'];

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
  const program = programName(env);
  let json = argv.includes('--json');
  const out = (text: string): void => {
    io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  };
  try {
    const { words, rest } = splitCommand(argv);
    const wantsHelp = rest.some((token) => HELP_FLAGS.includes(token));
    if (words.length === 0 && rest.some((token) => VERSION_FLAGS.includes(token))) {
      out(versionText());
      return 0;
    }
    if (words.length === 0) {
      if (wantsHelp) {
        out(overview(program, COMMANDS));
        return 0;
      }
      io.stderr.write(`${overview(program, COMMANDS)}\n`);
      return 2;
    }
    if (words[0] === 'version' && words.length === 1) {
      out(versionText());
      return 0;
    }
    if (words[0] === 'help') {
      out(helpFor(program, [...words.slice(1), ...rest.filter((token) => !token.startsWith('-'))]));
      return 0;
    }

    const found = findCommand(words);
    if (found.kind === 'group') {
      if (wantsHelp) {
        out(groupHelp(program, found.prefix, COMMANDS));
        return 0;
      }
      throw new UsageError(
        `'${found.prefix}' needs a command: ${groupMembers(found.prefix).join(', ')} (\`${program} ${found.prefix} --help\`)`,
      );
    }
    const { name: commandName, command, extra } = found;
    // Before the flags are read: `key create --help` is help even when the rest of the line is not valid.
    if (wantsHelp) {
      out(commandHelp(program, commandName, command));
      return 0;
    }

    const values = parseFlags(commandName, [...extra, ...rest], command.options, command.positional);
    json = values.json === true;
    const prompt = io.prompt ?? terminalPrompt;

    const target = await openTarget(values.local === true, env);
    try {
      await command.run({
        store: target.store,
        configs: target.configs,
        messaging: target.messaging,
        schedulers: target.schedulers,
        fieldService: target.fieldService,
        campaigns: target.campaigns,
        outbound: target.outbound,
        sessions: target.sessions,
        rollups: target.rollups,
        rubrics: target.rubrics,
        limits: target.limits,
        usagePlan: () => usagePlanOf(target, env, io),
        authorizerCaches: () => authorizerCachesOf(target, env, io),
        values,
        json,
        out,
        confirm: (question) => confirm(question, values.yes === true, prompt),
      });
    } finally {
      await target.close();
    }
    return 0;
  } catch (error) {
    return report(error, io, json, argv, program);
  }
}

type Found = { kind: 'command'; name: string; command: Command; extra: string[] } | { kind: 'group'; prefix: string };

/**
 * The longest run of words that names a command (`coach rubric show`, `team list`; words after it
 * are left to the flags), else the longest that names a group (`key`, `coach rubric`). Neither: a
 * UsageError with the closest known name.
 */
function findCommand(words: readonly string[]): Found {
  for (let length = words.length; length > 0; length--) {
    const name = words.slice(0, length).join(' ');
    const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    if (command) return { kind: 'command', name, command, extra: words.slice(length) };
  }
  for (let length = words.length; length > 0; length--) {
    const prefix = words.slice(0, length).join(' ');
    if (groupMembers(prefix).length === 0) continue;
    if (length === words.length) return { kind: 'group', prefix };
    // `key revok`: a known group, an unknown command in it.
    const typed = words.slice(0, length + 1).join(' ');
    throw new UsageError(
      `unknown command '${typed}'${didYouMean(
        typed,
        groupMembers(prefix).map((n) => `${prefix} ${n}`),
      )}`,
    );
  }
  const typed = words.join(' ');
  const known = [...Object.keys(COMMANDS), ...Object.keys(GROUPS), 'help', 'version'];
  // `kye list` → `key list`; `kye` → `key`.
  throw new UsageError(`unknown command '${typed}'${didYouMean(typed, known) || didYouMean(words[0] ?? '', known)}`);
}

/** The words that follow `prefix` in the commands that start with it: `key` → create, list, … */
function groupMembers(prefix: string): string[] {
  return Object.keys(COMMANDS)
    .filter((name) => name.startsWith(`${prefix} `))
    .map((name) => name.slice(prefix.length + 1));
}

function didYouMean(typed: string, known: Iterable<string>): string {
  const suggestion = closest(typed, known);
  return suggestion === null ? '' : `; did you mean '${suggestion}'?`;
}

/** `help`, `help key`, `help key create`, `help target`. */
function helpFor(program: string, topic: readonly string[]): string {
  if (topic.length === 0) return overview(program, COMMANDS);
  if (topic.length === 1 && (HELP_TOPICS as readonly string[]).includes(topic[0] ?? '')) return targetHelp(program);
  const found = findCommand(topic);
  if (found.kind === 'group') return groupHelp(program, found.prefix, COMMANDS);
  if (found.extra.length > 0) throw new UsageError(`unknown command '${topic.join(' ')}'`);
  return commandHelp(program, found.name, found.command);
}

/** Exit code 2 for what the operator can correct on the command line, 1 for everything else (and a declined confirmation). */
function report(error: unknown, io: AdminIo, json: boolean, argv: readonly string[], program: string): number {
  let code = 1;
  let message: string;
  let flag: string | undefined;
  if (error instanceof UsageError) {
    code = 2;
    message = error.message;
    flag = error.flag;
  } else if (isCallerMistake(error)) {
    code = 2;
    const mapped = error.field && Object.hasOwn(FIELD_FLAGS, error.field) ? FIELD_FLAGS[error.field] : undefined;
    // A field is blamed on its flag only when the operator typed that flag: a value the CLI derived is not theirs.
    flag = mapped && typedFlag(argv, mapped) ? mapped : undefined;
    message = flagged(error.message, error.field, flag);
  } else if (error instanceof DeclinedError || error instanceof LocalDataLockedError) {
    message = error.message;
  } else {
    message = describeFailure(error);
  }
  if (json) io.stderr.write(`${toJson({ error: code === 2 ? 'invalid_request' : 'failed', message, ...(flag ? { flag } : {}) })}\n`);
  else
    io.stderr.write(
      `error: ${message}${code === 2 && !/\?$|--help`\)$/.test(message) ? ` (see \`${program} ${commandWords(argv)}--help\`)` : ''}\n`,
    );
  return code;
}

/** The command words of the line, for the pointer to its help: `key create `. */
function commandWords(argv: readonly string[]): string {
  const { words } = splitCommand(argv);
  const found = words.length > 0 && words[0] !== 'help' ? safeFind(words) : null;
  return found ? `${found} ` : '';
}

function safeFind(words: readonly string[]): string | null {
  try {
    const found = findCommand(words);
    return found.kind === 'command' ? found.name : found.prefix;
  } catch {
    return null;
  }
}

function typedFlag(argv: readonly string[], flag: string): boolean {
  return argv.some((token) => token === flag || token.startsWith(`${flag}=`));
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
    if (GLOBAL_FLAGS.has(token) || VERSION_FLAGS.includes(token)) rest.push(token);
    else if (token.startsWith('-')) break;
    else words.push(token);
  }
  rest.push(...argv.slice(i));
  return { words, rest };
}

/**
 * Flags checked by name first, so an unknown one is named with the closest known one; then
 * node:util's parseArgs, whose messages are rewritten to name the flag the same way. A command
 * with a `positional` takes one word beside its flags (`intake preset show NAME`).
 */
function parseFlags(commandName: string, args: readonly string[], options: Options, positional?: string): Values {
  const all: Options = { ...GLOBAL_OPTIONS, ...options };
  const known = new Map<string, string>();
  for (const [name, option] of Object.entries(all)) {
    known.set(`--${name}`, name);
    if (option.short) known.set(`-${option.short}`, name);
  }
  for (let i = 0; i < args.length; i++) {
    const token = args[i] as string;
    if (token === '--') break;
    if (!token.startsWith('-')) {
      if (positional !== undefined) continue;
      throw new UsageError(`unexpected argument '${token}' for '${commandName}' (values follow their flag, such as --team 2)`);
    }
    const flag = token.split('=')[0] as string;
    const name = known.get(flag);
    if (name === undefined) {
      const suggestion = closest(
        flag,
        [...known.keys()].filter((k) => k.startsWith('--')),
      );
      throw new UsageError(`unknown flag ${flag} for '${commandName}'${suggestion ? `; did you mean ${suggestion}?` : ''}`, flag);
    }
    if (all[name]?.type === 'string' && !token.includes('=')) i++;
  }
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...args], options: all, strict: true, allowPositionals: positional !== undefined }) as {
      values: Values;
      positionals: string[];
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const flag = /'(--?[a-z-]+)/.exec(message)?.[1];
    if (flag && /argument missing/.test(message)) throw new UsageError(`${flag} needs a value`, flag);
    if (flag && /does not take an argument/.test(message)) throw new UsageError(`${flag} takes no value`, flag);
    throw new UsageError(message, flag);
  }
  if (positional === undefined) return parsed.values;
  if (parsed.positionals.length > 1) throw new UsageError(`expected one ${positional}, got '${parsed.positionals.join(' ')}'`);
  const [word] = parsed.positionals;
  return word === undefined ? parsed.values : { ...parsed.values, [positional]: word };
}
