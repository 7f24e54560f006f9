import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { AuditEntry } from '#shared/domain/audit-log/entry';
import type { CallRetention } from '#shared/domain/call-retention';
import type { ApiKeyRecord, ApiKeySettings, Enterprise, Portfolio, Team } from '#shared/domain/tenancy';
import { ConflictError } from '#shared/errors';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import { auditLogPut } from './audit-log-store';
import { nextCounterValue } from './counters';
import { padId, teamPk } from './keys';
import { queryAll } from './query';
import { DynamoTeamReader } from './team-reader';
import { fromApiKeyItem, fromGroupItem, fromTeamItem, KEY_LIST_PK, toApiKeyItem, toGroupItem, toTeamItem } from './tenancy-items';
import { isTransactionCancelled, transactWrite } from './transact';

/** The partition listing the teams with a retention setting, one item per team. */
const RETENTION_LIST_PK = 'RETENTION';

export class DynamoTenancyStore implements TenancyStore {
  private readonly teams: DynamoTeamReader;

  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    /** The audit-log table key changes are recorded in. @default TABLE_AUDIT_LOG, read at the first key change */
    private readonly auditLogTableName?: string,
  ) {
    this.teams = new DynamoTeamReader(client, tableName);
  }

  async createPortfolio(input: { name: string }): Promise<Portfolio> {
    const id = await nextCounterValue(this.client, this.tableName, 'portfolio');
    const portfolio: Portfolio = { id, name: input.name, createdAt: new Date().toISOString() };
    await this.client.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: this.tableName, Item: toGroupItem(`PORTFOLIO#${padId(id)}`, 'META', portfolio, 'portfolio') } },
          { Put: { TableName: this.tableName, Item: toGroupItem('DIRECTORY', `PORTFOLIO#${padId(id)}`, portfolio) } },
        ],
      }),
    );
    return portfolio;
  }

  async createEnterprise(input: { name: string }): Promise<Enterprise> {
    const id = await nextCounterValue(this.client, this.tableName, 'enterprise');
    const enterprise: Enterprise = { id, name: input.name, createdAt: new Date().toISOString() };
    await this.client.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: this.tableName, Item: toGroupItem(`ENTERPRISE#${padId(id)}`, 'META', enterprise, 'enterprise') } },
          { Put: { TableName: this.tableName, Item: toGroupItem('DIRECTORY', `ENTERPRISE#${padId(id)}`, enterprise) } },
        ],
      }),
    );
    return enterprise;
  }

  async addEnterpriseToPortfolio(portfolioId: number, enterpriseId: number): Promise<void> {
    await this.client.send(
      new PutCommand({
        TableName: this.tableName,
        Item: { pk: `PORTFOLIO#${padId(portfolioId)}`, sk: `ENTERPRISE#${padId(enterpriseId)}`, enterpriseId },
      }),
    );
  }

  async createTeam(input: Omit<Team, 'id' | 'createdAt'>): Promise<Team> {
    const id = await nextCounterValue(this.client, this.tableName, 'team');
    const team: Team = { ...input, id, createdAt: new Date().toISOString() };
    try {
      await this.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.tableName,
                Item: toTeamItem(team),
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Put: {
                TableName: this.tableName,
                Item: { pk: `WORKSPACE#${team.workspaceId}`, sk: 'META', teamId: id },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Put: {
                TableName: this.tableName,
                Item: { pk: `ENTERPRISE#${padId(team.enterpriseId)}`, sk: `TEAM#${padId(id)}`, teamId: id, isTest: team.isTest },
              },
            },
          ],
        }),
      );
    } catch (error) {
      if (error instanceof Error && error.name === 'TransactionCanceledException') {
        throw new ConflictError(`workspace id ${team.workspaceId} is already in use`, 'workspace_id');
      }
      throw error;
    }
    return team;
  }

  async getPortfolio(id: number): Promise<Portfolio | null> {
    return this.getMeta(`PORTFOLIO#${padId(id)}`, fromGroupItem);
  }

  async getEnterprise(id: number): Promise<Enterprise | null> {
    return this.getMeta(`ENTERPRISE#${padId(id)}`, fromGroupItem);
  }

  async getTeam(id: number): Promise<Team | null> {
    return this.teams.getTeam(id);
  }

  async getTeams(ids: readonly number[]): Promise<Team[]> {
    const teams: Team[] = [];
    for (let i = 0; i < ids.length; i += 100) {
      let keys: Record<string, unknown>[] | undefined = ids.slice(i, i + 100).map((id) => ({ pk: teamPk(id), sk: 'META' }));
      while (keys && keys.length > 0) {
        const result: BatchGetCommandOutput = await this.client.send(
          new BatchGetCommand({ RequestItems: { [this.tableName]: { Keys: keys } } }),
        );
        for (const item of result.Responses?.[this.tableName] ?? []) teams.push(fromTeamItem(item));
        keys = result.UnprocessedKeys?.[this.tableName]?.Keys;
      }
    }
    return teams.sort((a, b) => a.id - b.id);
  }

  async getTeamByWorkspace(workspaceId: string): Promise<Team | null> {
    return this.teams.getTeamByWorkspace(workspaceId);
  }

  async listEnterpriseTeamIds(enterpriseId: number): Promise<{ teamId: number; isTest: boolean }[]> {
    const items = await queryAll(this.client, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `ENTERPRISE#${padId(enterpriseId)}`, ':prefix': 'TEAM#' },
    });
    return items.map((item) => ({ teamId: Number(item.teamId), isTest: item.isTest === true }));
  }

  async listPortfolioEnterpriseIds(portfolioId: number): Promise<number[]> {
    const items = await queryAll(this.client, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `PORTFOLIO#${padId(portfolioId)}`, ':prefix': 'ENTERPRISE#' },
    });
    return items.map((item) => Number(item.enterpriseId));
  }

  async listPortfolios(): Promise<Portfolio[]> {
    return this.listDirectory('PORTFOLIO#');
  }

  async listEnterprises(): Promise<Enterprise[]> {
    return this.listDirectory('ENTERPRISE#');
  }

  async putApiKey(record: ApiKeyRecord, audit?: AuditEntry): Promise<void> {
    await transactWrite(this.client, {
      TransactItems: [
        { Put: { TableName: this.tableName, Item: toApiKeyItem(record), ConditionExpression: 'attribute_not_exists(pk)' } },
        ...(audit ? [auditLogPut(audit, this.auditLogTableName)] : []),
      ],
    });
  }

  async getApiKeyByHash(keyHash: string): Promise<ApiKeyRecord | null> {
    // Strongly consistent: a revocation that has been written is seen by the very next authorization.
    return this.getMeta(`APIKEY#${keyHash}`, fromApiKeyItem, true);
  }

  async listApiKeys(): Promise<ApiKeyRecord[]> {
    const items = await queryAll(this.client, {
      TableName: this.tableName,
      IndexName: 'byKeyId',
      KeyConditionExpression: 'keyListPk = :pk',
      ExpressionAttributeValues: { ':pk': KEY_LIST_PK },
    });
    return items.map((item) => fromApiKeyItem(item));
  }

  /** The key's item as the byKeyId index has it (eventually consistent: callers read the item itself after). */
  private async findKeyItem(keyId: string): Promise<Record<string, unknown> | undefined> {
    const found = await queryAll(this.client, {
      TableName: this.tableName,
      IndexName: 'byKeyId',
      KeyConditionExpression: 'keyListPk = :pk AND keyId = :id',
      ExpressionAttributeValues: { ':pk': KEY_LIST_PK, ':id': keyId },
    });
    return found[0];
  }

  async getApiKeyById(keyId: string): Promise<ApiKeyRecord | null> {
    const item = await this.findKeyItem(keyId);
    if (!item) return null;
    // The index only finds the item; its revocation is read from the item itself, strongly consistent.
    const current = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: item.pk, sk: 'META' }, ConsistentRead: true }),
    );
    return current.Item ? fromApiKeyItem(current.Item) : null;
  }

  async revokeApiKey(keyId: string, at: string, audit?: AuditEntry): Promise<ApiKeyRecord | null> {
    const item = await this.findKeyItem(keyId);
    if (!item) return null;
    // Keys are stored with revokedAt null, so "not yet revoked" is absent-or-null; a second revoke
    // keeps the first instant.
    try {
      await transactWrite(this.client, {
        TransactItems: [
          {
            Update: {
              TableName: this.tableName,
              Key: { pk: item.pk, sk: 'META' },
              UpdateExpression: 'SET revokedAt = :at',
              ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(revokedAt) OR revokedAt = :null)',
              ExpressionAttributeValues: { ':at': at, ':null': null },
            },
          },
          ...(audit ? [auditLogPut(audit, this.auditLogTableName)] : []),
        ],
      });
    } catch (error) {
      // Revoked already (or gone): the condition refused, so neither the change nor its entry was written.
      if (!isTransactionCancelled(error)) throw error;
    }
    const current = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: item.pk, sk: 'META' }, ConsistentRead: true }),
    );
    return current.Item ? fromApiKeyItem(current.Item) : null;
  }

  async updateApiKeySettings(keyId: string, changes: ApiKeySettings): Promise<ApiKeyRecord | null> {
    const item = await this.findKeyItem(keyId);
    if (!item) return null;
    const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
    if (entries.length === 0) return this.getApiKeyById(keyId);
    const result = await this.client.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { pk: item.pk, sk: 'META' },
        UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#f${i}`, name])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value])),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return result.Attributes ? fromApiKeyItem(result.Attributes) : null;
  }

  async setTeamRateLimit(teamId: number, perHour: number | null): Promise<Team | null> {
    try {
      const result = await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: teamPk(teamId), sk: 'META' },
          UpdateExpression: 'SET rateLimitPerHour = :limit',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':limit': perHour },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return result.Attributes ? fromTeamItem(result.Attributes) : null;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return null;
      throw error;
    }
  }

  /**
   * Sets a team's call retention (ADR 0166) in one transaction with its audit entry: the team's
   * two settings, and its entry in the RETENTION list the sweeper reads (removed when the team
   * keeps everything). Null for an unknown team, and nothing is written.
   */
  async setTeamRetention(teamId: number, retention: CallRetention, audit: AuditEntry): Promise<Team | null> {
    const key = { pk: RETENTION_LIST_PK, sk: teamPk(teamId) };
    const keepsAll = retention.transcriptDays === null && retention.recordingDays === null;
    try {
      await transactWrite(this.client, {
        TransactItems: [
          {
            Update: {
              TableName: this.tableName,
              Key: { pk: teamPk(teamId), sk: 'META' },
              UpdateExpression: 'SET transcriptRetentionDays = :transcript, recordingRetentionDays = :recording',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':transcript': retention.transcriptDays, ':recording': retention.recordingDays },
            },
          },
          keepsAll ? { Delete: { TableName: this.tableName, Key: key } } : { Put: { TableName: this.tableName, Item: { ...key, teamId } } },
          auditLogPut(audit, this.auditLogTableName),
        ],
      });
    } catch (error) {
      if (isTransactionCancelled(error)) return null;
      throw error;
    }
    return this.getMeta(teamPk(teamId), fromTeamItem, true);
  }

  /** The teams with a retention setting (the sweeper's list), in id order. */
  async listRetentionTeamIds(): Promise<number[]> {
    const items = await queryAll(this.client, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': RETENTION_LIST_PK },
    });
    return items.map((item) => Number(item.teamId));
  }

  async touchApiKey(keyHash: string, at: string, minIntervalMs: number): Promise<void> {
    const threshold = new Date(Date.parse(at) - minIntervalMs).toISOString();
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: `APIKEY#${keyHash}`, sk: 'META' },
          UpdateExpression: 'SET lastUsedAt = :at',
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt = :null OR lastUsedAt < :threshold)',
          ExpressionAttributeValues: { ':at': at, ':threshold': threshold, ':null': null },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  private async getMeta<T>(pk: string, from: (item: Record<string, unknown>) => T, consistent = false): Promise<T | null> {
    const result = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { pk, sk: 'META' }, ...(consistent ? { ConsistentRead: true } : {}) }),
    );
    return result.Item ? from(result.Item) : null;
  }

  private async listDirectory(prefix: string): Promise<(Portfolio & Enterprise)[]> {
    const items = await queryAll(this.client, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': 'DIRECTORY', ':prefix': prefix },
    });
    return items.map(fromGroupItem);
  }
}
