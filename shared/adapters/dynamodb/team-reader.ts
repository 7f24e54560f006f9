import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { type Team, WORKSPACE_ID_MAX_LENGTH } from '#shared/domain/tenancy';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import { teamPk } from './keys';
import { fromTeamItem } from './tenancy-items';

/**
 * A team read by its id or its workspace, the reads most functions make of the teams table (the
 * rate limit's workspace, a call's retention, a link's key). Its own class so that those functions
 * do not load the tenancy store's writes, key handling and audit entries for two reads
 * (DynamoTenancyStore answers the same reads through it).
 */
export class DynamoTeamReader implements Pick<TenancyStore, 'getTeam' | 'getTeamByWorkspace'> {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async getTeam(id: number): Promise<Team | null> {
    const result = await this.client.send(new GetCommand({ TableName: this.tableName, Key: { pk: teamPk(id), sk: 'META' } }));
    return result.Item ? fromTeamItem(result.Item) : null;
  }

  async getTeamByWorkspace(workspaceId: string): Promise<Team | null> {
    // No workspace id is longer; a longer value would only make DynamoDB refuse the key.
    if (workspaceId.length > WORKSPACE_ID_MAX_LENGTH) return null;
    const pointer = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: `WORKSPACE#${workspaceId}`, sk: 'META' } }),
    );
    const teamId = pointer.Item?.teamId;
    return typeof teamId === 'number' ? this.getTeam(teamId) : null;
  }
}
