import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { AuditEntry } from '#shared/domain/audit-log/entry';
import { EXPORT_FORMATS, EXPORT_RESOURCES, EXPORT_STATUSES, type ExportJob } from '#shared/domain/exports/export-job';
import { atLoad } from '#shared/lazy';
import type { DomainEvent } from '#shared/ports/event-bus';
import type { ExportProgress, ExportStore } from '#shared/ports/export-store';
import { auditLogPut } from './audit-log-store';
import { updateWithEvents } from './outbox';
import { storedBoolean, storedNullableText, storedNumber, storedText, storedTextOrNull, storedTexts } from './stored-members';
import { transactWrite } from './transact';

/**
 * The exports table: one item per export (`EXPORT#<id>`), the job as export-job.ts describes it.
 * The worker's writes are conditional on the parts already recorded, so a part is recorded once
 * whatever the deliveries; the item expires (TTL) with its file.
 */
const exportItem = /* @__PURE__ */ atLoad(() => {
  const numbers = z.array(storedNumber);
  return z.object({
    exportId: storedText,
    keyId: storedText,
    enterpriseIds: numbers,
    teamIds: numbers,
    includeTestTeams: storedBoolean,
    resource: z.enum(EXPORT_RESOURCES),
    format: z.enum(EXPORT_FORMATS),
    start: storedText,
    end: storedText,
    fieldGroups: z.nullable(storedTexts),
    withTranscripts: storedBoolean,
    status: z.enum(EXPORT_STATUSES),
    rows: storedNumber,
    bytes: storedNumber,
    objectKey: storedText,
    uploadId: storedTextOrNull,
    parts: z.array(z.object({ number: storedNumber, etag: storedText })),
    position: storedNullableText,
    allRead: storedBoolean,
    createdAt: storedText,
    completedAt: storedNullableText,
    expiresAt: storedText,
    error: storedNullableText,
  });
});

function exportPk(exportId: string): string {
  return `EXPORT#${exportId}`;
}

const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export class DynamoExportStore implements ExportStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    /** Where the export.completed event is made due (the worker's). */
    private readonly outboxTableName?: string,
    /** Where the request's audit entries are written (the request route's). */
    private readonly auditLogTableName?: string,
  ) {}

  async createExport(job: ExportJob, audit: readonly AuditEntry[]): Promise<void> {
    const { uploadId, ...fields } = job;
    const item = { pk: exportPk(job.exportId), ...fields, ...(uploadId === null ? {} : { uploadId }), ttl: epochSeconds(job.expiresAt) };
    await transactWrite(this.client, {
      TransactItems: [
        { Put: { TableName: this.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
        ...audit.map((entry) => auditLogPut(entry, this.auditLogTableName)),
      ],
    });
  }

  async getExport(exportId: string): Promise<ExportJob | null> {
    const result = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: exportPk(exportId) }, ConsistentRead: true }),
    );
    return result.Item ? exportItem.parse(result.Item) : null;
  }

  async startExport(exportId: string, uploadId: string): Promise<ExportJob> {
    const started = await this.conditionalUpdate({
      Key: { pk: exportPk(exportId) },
      UpdateExpression: 'SET uploadId = :upload, #status = :running',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(uploadId)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':upload': uploadId, ':running': 'running' },
    });
    const job = await this.getExport(exportId);
    if (job === null) throw new Error(`export ${exportId} not found`);
    if (!started && job.uploadId === null) throw new Error(`export ${exportId} could not be started`);
    return job;
  }

  recordPart(exportId: string, partsBefore: number, progress: ExportProgress): Promise<boolean> {
    return this.conditionalUpdate({
      Key: { pk: exportPk(exportId) },
      UpdateExpression:
        'SET parts = list_append(parts, :part), #rows = #rows + :rows, #bytes = #bytes + :bytes, #position = :position, allRead = :allRead',
      ConditionExpression: 'size(parts) = :before AND #status = :running',
      ExpressionAttributeNames: { '#rows': 'rows', '#bytes': 'bytes', '#position': 'position', '#status': 'status' },
      ExpressionAttributeValues: {
        ':part': [progress.part],
        ':rows': progress.rows,
        ':bytes': progress.bytes,
        ':position': progress.position,
        ':allRead': progress.allRead,
        ':before': partsBefore,
        ':running': 'running',
      },
    });
  }

  async completeExport(exportId: string, completedAt: string, expiresAt: string, events: readonly DomainEvent[]): Promise<boolean> {
    return updateWithEvents(
      this.client,
      {
        TableName: this.tableName,
        Key: { pk: exportPk(exportId) },
        UpdateExpression: 'SET #status = :completed, completedAt = :at, expiresAt = :expires, #ttl = :ttl',
        ConditionExpression: '#status = :running AND allRead = :true',
        ExpressionAttributeNames: { '#status': 'status', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':completed': 'completed',
          ':running': 'running',
          ':true': true,
          ':at': completedAt,
          ':expires': expiresAt,
          ':ttl': epochSeconds(expiresAt),
        },
      },
      events,
      this.outboxTableName,
    );
  }

  async failExport(exportId: string, error: string): Promise<void> {
    await this.conditionalUpdate({
      Key: { pk: exportPk(exportId) },
      UpdateExpression: 'SET #status = :failed, #error = :error',
      ConditionExpression: 'attribute_exists(pk) AND #status <> :completed',
      ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
      ExpressionAttributeValues: { ':failed': 'failed', ':error': error, ':completed': 'completed' },
    });
  }

  private async conditionalUpdate(update: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName'>): Promise<boolean> {
    try {
      await this.client.send(new UpdateCommand({ TableName: this.tableName, ...update }));
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
}
