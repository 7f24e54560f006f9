import type { Command } from './command';

/*
 * Help at three levels, as clig.dev describes: the overview (`--help`, `help`) names the groups,
 * `<group> --help` lists a group's commands with one line each, and `<group> <command> --help`
 * prints that command's usage, flags and examples. Every text comes from the commands' own `help`,
 * so it cannot fall behind the flags they accept (test/unit/bin/admin/help.test.ts checks it).
 */

/** The first word of every command, with what the group is about (in the order the overview lists them). */
export const GROUPS: Readonly<Record<string, string>> = {
  portfolio: 'portfolios: groups of enterprises a portfolio_all_teams key spans',
  enterprise: 'enterprises',
  team: 'teams and their request limits',
  key: 'API keys: created keys are printed once, lists never show key material',
  intake: 'a team’s intake configuration (each change validated whole before it is saved)',
  messaging: 'texting (SMS campaigns): send window, phone region, suppression list, replies to review',
  coach: 'coach rubrics: what a team’s calls are evaluated against',
  scheduler: 'schedulers (booking widgets)',
  rollups: 'analytics rollups',
};

/** Words that are not commands but name help: `help target`. */
export const HELP_TOPICS = ['target'] as const;

const WIDTH = 100;

/** How the operator runs the CLI, for the texts that show a command line. */
export function programName(env: Readonly<Record<string, string | undefined>>): string {
  // Set by bin/admin.mjs, the installed command; otherwise the CLI runs as `npm run admin`.
  return env.ADMIN_PROGRAM_NAME ?? 'npm run admin --';
}

export function overview(program: string, commands: Readonly<Record<string, Command>>): string {
  const groups = Object.keys(GROUPS).map((group) => {
    const names = Object.keys(commands)
      .filter((name) => name.startsWith(`${group} `))
      .map((name) => name.slice(group.length + 1));
    return [group, `${GROUPS[group]}\n${names.join(', ')}`] as const;
  });
  return [
    `Usage: ${program} <command> [flags]`,
    '',
    'Operator CLI of the lead, call and scheduling service.',
    '',
    'Commands',
    columns([...groups, ['help [COMMAND]', 'the help of a group, a command, or of `target`'], ['version', 'the package name and version']]),
    '',
    'Flags for every command',
    columns(GLOBAL_FLAG_HELP),
    '',
    wrap(
      'Target: a deployed stack when TABLE_TEAMS is set, a running `npm start` when DYNAMODB_ENDPOINT is, else the local data folder ' +
        `(\`${program} help target\`).`,
      0,
    ),
    wrap(`Exit codes: ${EXIT_CODES}.`, 0),
    '',
    wrap(
      `Run \`${program} <group> --help\` for a group's commands, \`${program} <group> <command> --help\` for a command's flags and examples.`,
      0,
    ),
  ].join('\n');
}

/** The commands whose names start with `prefix` (`key`, `coach rubric`), one line each. */
export function groupHelp(program: string, prefix: string, commands: Readonly<Record<string, Command>>): string {
  const members = Object.entries(commands).filter(([name]) => name.startsWith(`${prefix} `));
  const group = prefix.split(' ')[0] ?? prefix;
  return [
    `Usage: ${program} ${prefix} <command> [flags]`,
    '',
    capitalize(`${GROUPS[group] ?? group}.`),
    '',
    'Commands',
    columns(members.map(([name, command]) => [name, command.help.summary])),
    '',
    `Run \`${program} ${members[0]?.[0] ?? prefix} --help\` (any command) for its flags and examples.`,
  ].join('\n');
}

export function commandHelp(program: string, name: string, command: Command): string {
  const { help } = command;
  const flags: [string, string][] = Object.entries(help.flags);
  if (help.confirms) flags.push(['-y, --yes', 'go ahead without asking (needed when not on a terminal)']);
  return [
    wrap(`Usage: ${program} ${name}${help.usage ? ` ${help.usage}` : ''}`, 4),
    '',
    capitalize(`${help.summary}.`),
    '',
    'Flags',
    ...(flags.length > 0 ? [columns(flags)] : ['  (none of its own)']),
    `  Also --json, --local and --help (\`${program} --help\`).`,
    ...(help.notes ?? []).flatMap((note) => ['', wrap(note, 0)]),
    '',
    help.examples.length === 1 ? 'Example' : 'Examples',
    ...help.examples.map((example) => `  ${program} ${example}`),
  ].join('\n');
}

export function targetHelp(program: string): string {
  return `Where the commands read and write

  Deployed stage: set TABLE_TEAMS to the output TeamsTableName of the stage's Core stack (which
  also outputs SessionsTableName, LeadsTableName and CallsTableName); AWS credentials and region
  come from the default chain (AWS_PROFILE, AWS_REGION, SSO, instance role...). For example:
    export TABLE_TEAMS=$(aws cloudformation describe-stacks \\
      --stack-name LeadCallSchedulingService-dev-Core \\
      --query "Stacks[0].Outputs[?OutputKey=='TeamsTableName'].OutputValue" --output text)
  \`key revoke\` on a deployed stage also needs the REST API ids (outputs ReadApiId, PlatformApiId,
  IntakeApiId of the API stacks → READ_API_ID, PLATFORM_API_ID, INTAKE_API_ID; ApiStageName of the
  Operations stack → API_STAGE_NAME, default v1) and apigateway:POST on their stages' authorizer
  caches; \`key create\` needs USAGE_PLAN_ID (output UsagePlanId of the Operations stack).

  Running \`npm start\`: set DYNAMODB_ENDPOINT to the endpoint it prints (TABLE_TEAMS defaults to
  local-teams).

  Local data: --local, or neither DYNAMODB_ENDPOINT nor TABLE_TEAMS set. Opens \${DATA_DIR:-.data}
  directly, which \`npm start\` holds locked while it runs: stop it first, or use DYNAMODB_ENDPOINT.

  e.g. DYNAMODB_ENDPOINT=http://127.0.0.1:8000 ${program} key list`;
}

const EXIT_CODES =
  '0 done, 1 failed or declined, 2 usage error (an unknown command or flag, a missing or invalid value: the message names the flag)';

const GLOBAL_FLAG_HELP: readonly (readonly [string, string])[] = [
  ['--json', 'machine-readable output on stdout'],
  ['--local', 'use the embedded DynamoDB on $DATA_DIR (default .data; the store `npm start` uses)'],
  ['-y, --yes', 'go ahead with a destructive command without asking (revoke, clear, opt-in)'],
  ['-h, --help', 'help: of the CLI, a group (`key --help`) or a command (`key create --help`)'],
  ['-V, --version', 'the package name and version'],
];

/** Two columns: terms padded to the widest (at most 24), descriptions wrapped; `\n` in a description starts a new line. */
function columns(rows: readonly (readonly [string, string])[]): string {
  const termWidth = Math.min(24, Math.max(...rows.map(([term]) => term.length)));
  const indent = 2 + termWidth + 2;
  const pad = ' '.repeat(indent);
  return rows
    .map(([term, description]) => {
      const lines = description.split('\n').flatMap((line) => wrapWords(line, WIDTH - indent));
      const out =
        term.length > termWidth
          ? [`  ${term}`, ...lines.map((line) => pad + line)]
          : [`  ${term.padEnd(termWidth)}  ${lines[0] ?? ''}`, ...lines.slice(1).map((line) => pad + line)];
      return out.map((line) => line.trimEnd()).join('\n');
    })
    .join('\n');
}

function wrap(text: string, indent: number): string {
  const [first = '', ...rest] = wrapWords(text, WIDTH - indent);
  return [first, ...rest.map((line) => ' '.repeat(indent) + line)].join('\n');
}

function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
