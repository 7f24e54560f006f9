import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoRubricStore } from '#shared/adapters/dynamodb/coach-rubric-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { DEFAULT_RUBRIC, type RubricInput, toRubricInput } from '#shared/domain/coach/rubric';
import type { Team } from '#shared/domain/tenancy';
import type { LocalDynamo } from '../../../../local/dynamodb/embedded';
import { admin, adminJson, expectRefused } from '../../../support/admin-harness';
import { startEmulator } from '../../../support/emulator';

describe('admin CLI: coach rubrics', () => {
  let dynamo: LocalDynamo;
  let tenancy: DynamoTenancyStore;
  let rubrics: DynamoRubricStore;
  let enterpriseId: number;
  let team: Team;
  const dir = mkdtempSync(path.join(tmpdir(), 'admin-coach-'));
  let files = 0;

  const file = (content: unknown): string => {
    const name = path.join(dir, `rubric-${++files}.json`);
    writeFileSync(name, typeof content === 'string' ? content : JSON.stringify(content));
    return name;
  };
  const set = (content: unknown) => admin('coach', 'rubric', 'set', '--team', String(team.id), '--file', file(content));

  beforeAll(async () => {
    dynamo = await startEmulator();
    tenancy = new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));
    rubrics = new DynamoRubricStore(getDocumentClient(), physicalTableName('teams'));
    enterpriseId = (await tenancy.createEnterprise({ name: 'Coached' })).id;
  });
  afterAll(() => dynamo.stop());

  let workspaces = 0;
  beforeEach(async () => {
    team = await tenancy.createTeam({
      name: 'Coached Plumbing',
      timezone: 'America/Chicago',
      isTest: false,
      enterpriseId,
      workspaceId: `ws_coached_${++workspaces}`,
    });
  });

  it('shows the built-in default for a team that never changed it, and prints it as `set --file` takes it', async () => {
    const run = await admin('coach', 'rubric', 'show', '--team', String(team.id));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('home-services version 1, the built-in default, revision 0');
    expect(run.stdout).toContain('captured_address');
    expect(await adminJson<RubricInput>('coach', 'rubric', 'show', '--team', String(team.id))).toEqual(toRubricInput(DEFAULT_RUBRIC));
  });

  it('stores an edit of the default as its version 2, and a new rubric id from version 1, each as the next revision', async () => {
    const edited = { ...toRubricInput(DEFAULT_RUBRIC), pass_threshold: 80 };
    const first = await set(edited);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toContain('home-services version 2 (revision 1)');

    const custom = {
      rubric_id: 'summit-2026',
      name: 'Summit',
      pass_threshold: 60,
      criteria: [{ id: 'greeting', title: 'Greeting', description: 'Greets', weight: 1 }],
    };
    expect((await set(custom)).stdout).toContain('summit-2026 version 1 (revision 2)');
    expect((await set({ ...custom, pass_threshold: 65 })).stdout).toContain('summit-2026 version 2 (revision 3)');
    // Without rubric_id, the current rubric's id is kept.
    const { rubric_id: _omitted, ...withoutId } = { ...custom, pass_threshold: 70 };
    expect((await set(withoutId)).stdout).toContain('summit-2026 version 3 (revision 4)');

    const history = await adminJson<{ revision: number; rubric: { rubric_id: string; version: number }; current: boolean }[]>(
      'coach',
      'rubric',
      'history',
      '--team',
      String(team.id),
    );
    expect(history.map((r) => [r.revision, r.rubric.rubric_id, r.rubric.version, r.current])).toEqual([
      [4, 'summit-2026', 3, true],
      [3, 'summit-2026', 2, false],
      [2, 'summit-2026', 1, false],
      [1, 'home-services', 2, false],
      [0, 'home-services', 1, false],
    ]);
  });

  it('creates no version when the rubric set is the one in force', async () => {
    const run = await set(toRubricInput(DEFAULT_RUBRIC));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Unchanged');
    expect(await rubrics.allRevisions(team.id)).toEqual([]);
  });

  it('puts the built-in default back with reset, as a new revision; a second reset changes nothing', async () => {
    await set({ ...toRubricInput(DEFAULT_RUBRIC), rubric_id: 'strict', pass_threshold: 90 });
    expect((await admin('coach', 'rubric', 'reset', '--team', String(team.id))).stdout).toContain('home-services version 1 (revision 2)');
    expect((await admin('coach', 'rubric', 'reset', '--team', String(team.id))).stdout).toContain('Unchanged');
    expect((await rubrics.getCurrentRevision(team.id))?.rubric).toEqual(DEFAULT_RUBRIC);
  });

  it.each([
    ['a weight that is not positive', { criteria: [{ id: 'greeting', title: 'G', description: 'D', weight: 0 }] }, 'criteria[0].weight'],
    ['a negative weight', { criteria: [{ id: 'greeting', title: 'G', description: 'D', weight: -2 }] }, 'criteria[0].weight'],
    [
      'two criteria with one id',
      {
        criteria: [
          { id: 'greeting', title: 'G', description: 'D', weight: 1 },
          { id: 'greeting', title: 'H', description: 'E', weight: 1 },
        ],
      },
      'duplicate criterion id greeting',
    ],
    ['a threshold above 100', { pass_threshold: 101 }, 'pass_threshold'],
    ['a threshold below 0', { pass_threshold: -1 }, 'pass_threshold'],
    ['no criteria', { criteria: [] }, 'criteria'],
    ['a criterion id with capitals', { criteria: [{ id: 'Greeting', title: 'G', description: 'D', weight: 1 }] }, 'criteria[0].id'],
    ['an unknown member', { weights: {} }, 'weights'],
  ])('refuses %s, naming --file and the field, and stores nothing', async (_name, change, field) => {
    const run = await set({ ...toRubricInput(DEFAULT_RUBRIC), ...change });
    expectRefused(run, '--file', field);
    expect(await rubrics.allRevisions(team.id)).toEqual([]);
  });

  it('refuses a file that is missing or not JSON, and an unknown team', async () => {
    expectRefused(
      await admin('coach', 'rubric', 'set', '--team', String(team.id), '--file', path.join(dir, 'nope.json')),
      '--file',
      'cannot be read',
    );
    expectRefused(await set('{"name": '), '--file', 'is not JSON');
    expectRefused(await admin('coach', 'rubric', 'show', '--team', '999999'), '--team 999999');
  });

  it('refuses a change computed from a revision that is no longer in force', async () => {
    const [a, b] = await Promise.all([
      set({ ...toRubricInput(DEFAULT_RUBRIC), rubric_id: 'a', pass_threshold: 71 }),
      set({ ...toRubricInput(DEFAULT_RUBRIC), rubric_id: 'b', pass_threshold: 72 }),
    ]);
    const codes = [a.code, b.code].sort();
    expect(codes[0]).toBe(0);
    const revisions = await rubrics.allRevisions(team.id);
    // Either both landed one after the other, or the second was refused as a conflict (exit 1).
    expect(revisions.map((r) => r.revision)).toEqual(codes[1] === 0 ? [1, 2] : [1]);
    if (codes[1] !== 0) expect([a, b].find((r) => r.code !== 0)?.stderr).toContain('changed while this change was prepared');
  });
});
