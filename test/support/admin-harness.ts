import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoIntakeConfigStore } from '#shared/adapters/dynamodb/intake-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import type { Team } from '#shared/domain/tenancy';
import { runAdmin } from '../../bin/admin/main';
import type { LocalDynamo } from '../../local/dynamodb/embedded';
import { startEmulator } from './emulator';

export interface AdminRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A stand-in for the terminal: whether one is there, the answers it gives, and the questions it was asked. */
export interface FakeTerminal {
  readonly interactive: boolean;
  readonly answers?: readonly string[];
}

export interface AdminRunAsked extends AdminRun {
  /** The confirmation questions shown, in order. */
  readonly asked: string[];
}

/**
 * Runs the operator CLI in-process against the emulator (DYNAMODB_ENDPOINT and the table
 * variables come from startEmulator), capturing its output. No terminal: a destructive command
 * needs --yes, as in a script (whatever the terminal the tests run in).
 */
export async function admin(...argv: string[]): Promise<AdminRun> {
  const { asked: _asked, ...run } = await adminOn({ interactive: false }, ...argv);
  return run;
}

/** Runs the CLI as on `terminal`: confirmations are answered from `terminal.answers` (an empty line when they run out). */
export async function adminOn(terminal: FakeTerminal, ...argv: string[]): Promise<AdminRunAsked> {
  let stdout = '';
  let stderr = '';
  const asked: string[] = [];
  const answers = [...(terminal.answers ?? [])];
  const code = await runAdmin(argv, {
    stdout: { write: (chunk: string) => (stdout += chunk) },
    stderr: { write: (chunk: string) => (stderr += chunk) },
    env: process.env,
    prompt: {
      interactive: terminal.interactive,
      async ask(question) {
        asked.push(question);
        return answers.shift() ?? '';
      },
    },
  });
  return { code, stdout, stderr, asked };
}

/** Runs a command with --json, expects it to succeed quietly, and returns what it printed. */
export async function adminJson<T>(...argv: string[]): Promise<T> {
  const run = await admin(...argv, '--json');
  expect(run).toMatchObject({ code: 0, stderr: '' });
  return JSON.parse(run.stdout) as T;
}

/** Expects a refusal: exit 2 (a usage error), nothing on stdout, the message naming each given text. */
export function expectRefused(run: AdminRun, ...texts: string[]): void {
  expect(run.code).toBe(2);
  expect(run.stdout).toBe('');
  for (const text of texts) expect(run.stderr).toContain(text);
}

/** Three teams: `anchor` and `sibling` share an enterprise, `foreign` is in the other. */
export interface IntakeTeams {
  readonly anchor: Team;
  readonly sibling: Team;
  readonly foreign: Team;
}

export interface IntakeFixture {
  readonly store: DynamoTenancyStore;
  readonly configs: DynamoIntakeConfigStore;
  /** Fresh for every test. */
  readonly teams: IntakeTeams;
}

let workspaceCounter = 0;

/**
 * Starts the emulator for the calling test file and gives every test three fresh teams (the
 * intake commands' routing rules need an enterprise with two teams and a team outside it).
 */
export function useIntakeTeams(): IntakeFixture {
  let dynamo: LocalDynamo | undefined;
  const fixture: { store?: DynamoTenancyStore; configs?: DynamoIntakeConfigStore; teams?: IntakeTeams } = {};
  beforeAll(async () => {
    dynamo = await startEmulator();
    fixture.store = new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));
    fixture.configs = new DynamoIntakeConfigStore(getDocumentClient(), physicalTableName('teams'));
  });
  afterAll(async () => {
    await dynamo?.stop();
  });
  beforeEach(async () => {
    const store = fixture.store as DynamoTenancyStore;
    const own = await store.createEnterprise({ name: 'Summit Home Services' });
    const other = await store.createEnterprise({ name: 'Bayside Comfort' });
    const team = (name: string, enterpriseId: number) =>
      store.createTeam({ name, timezone: 'America/Chicago', isTest: false, enterpriseId, workspaceId: `ws_intake_${++workspaceCounter}` });
    fixture.teams = {
      anchor: await team('Summit Plumbing', own.id),
      sibling: await team('Summit HVAC', own.id),
      foreign: await team('Bayside Air', other.id),
    };
  });
  const required = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is set up in beforeAll/beforeEach of useIntakeTeams`);
    return value;
  };
  return {
    get store() {
      return required(fixture.store, 'store');
    },
    get configs() {
      return required(fixture.configs, 'configs');
    },
    get teams() {
      return required(fixture.teams, 'teams');
    },
  };
}
