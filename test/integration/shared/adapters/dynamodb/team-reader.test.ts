import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTeamReader } from '#shared/adapters/dynamodb/team-reader';
import { WORKSPACE_ID_MAX_LENGTH } from '#shared/domain/tenancy';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';
import { createTenancyFixture, type TenancyFixture } from '../../../../support/tenancy-fixture';

/**
 * The team reads most functions make (the rate limit's workspace, a call's retention, the webhook
 * routes' workspace) on the embedded DynamoDB, without the tenancy store: the same team the store
 * wrote and answers, by id and by workspace.
 */
let dynamo: LocalDynamo;
let fixture: TenancyFixture;
let reader: DynamoTeamReader;

beforeAll(async () => {
  dynamo = await startEmulator();
  fixture = await createTenancyFixture();
  reader = new DynamoTeamReader(getDocumentClient(), physicalTableName('teams'));
});
afterAll(() => dynamo.stop());

describe('DynamoTeamReader', () => {
  it('reads a team by its id and by its workspace as the tenancy store does', async () => {
    const { own } = fixture.teams;
    expect(await reader.getTeam(own.id)).toEqual(own);
    expect(await reader.getTeamByWorkspace(own.workspaceId)).toEqual(own);
    expect(await reader.getTeamByWorkspace(own.workspaceId)).toEqual(await fixture.store.getTeamByWorkspace(own.workspaceId));
  });

  it('reads the rate limit an operator set on the team', async () => {
    const { sibling } = fixture.teams;
    await fixture.store.setTeamRateLimit(sibling.id, 120);
    expect(await reader.getTeamByWorkspace(sibling.workspaceId)).toMatchObject({ id: sibling.id, rateLimitPerHour: 120 });
  });

  it('answers null for an unknown team, an unknown workspace and one longer than any workspace id', async () => {
    expect(await reader.getTeam(999_999)).toBeNull();
    expect(await reader.getTeamByWorkspace('ws_nobody')).toBeNull();
    expect(await reader.getTeamByWorkspace('w'.repeat(WORKSPACE_ID_MAX_LENGTH + 1))).toBeNull();
  });
});
