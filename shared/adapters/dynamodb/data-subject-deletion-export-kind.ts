import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ExportFiles } from '#shared/ports/export-files';
import { actionPk } from './audit-log-store';
import type { ErasedTables, KindSpec, RedactUpdate } from './data-subject-deletion-kind';
import type { Item } from './query';

/** How far back the exports a deletion withdraws were asked for: a file lives 7 days after completion. */
const EXPORTS_LOOKBACK_DAYS = 30;

/** The error a running export is failed with when a deletion withdraws it. */
export const WITHDRAWN_EXPORT_ERROR = 'Withdrawn: a deletion on request removed data this export may hold';

/**
 * Exports of the deletion's teams written before it: their files may name the person and are not
 * read by route, so they are withdrawn rather than searched. Found through the enterprise's
 * `export.requested` audit entries (the exports table has no per-team key). A completed file is
 * removed and the export expires now (no download link); a running one is failed (ADR 0178).
 */
export function exportKind(
  client: DynamoDBDocumentClient,
  t: ErasedTables,
  files: () => ExportFiles,
  now: () => Date,
): Record<'exports', KindSpec> {
  return {
    exports: {
      table: t.exports,
      queries: async (team, d) => {
        if (d.teamIds[0] !== team) return [];
        const from = new Date(now().getTime() - EXPORTS_LOOKBACK_DAYS * 86_400_000).toISOString();
        return [
          {
            TableName: t.auditLog,
            IndexName: 'byAction',
            KeyConditionExpression: 'actionPk = :pk AND sk >= :from',
            ExpressionAttributeValues: { ':pk': actionPk(d.enterpriseId, 'export.requested'), ':from': from },
          },
        ];
      },
      matches: (entry, _s, d) => Array.isArray(entry.teamIds) && entry.teamIds.some((teamId) => d.teamIds.includes(Number(teamId))),
      removal: async (entry) => withdrawal(client, t.exports, files, now(), entry),
    },
  };
}

async function withdrawal(
  client: DynamoDBDocumentClient,
  table: string,
  files: () => ExportFiles,
  at: Date,
  entry: Item,
): Promise<RedactUpdate | null> {
  const key = { pk: `EXPORT#${String(entry.targetId)}` };
  const { Item: job } = await client.send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }));
  if (!job || Date.parse(String(job.expiresAt)) <= at.getTime()) return null;
  const status = job.status === 'completed' || job.status === 'running' ? job.status : null;
  if (status === null) return null;
  // The file goes first: a crash before the record's write leaves the withdrawal to be redone.
  await files().removeFile(String(job.objectKey));
  const names = { '#status': 'status' };
  if (status === 'completed') {
    return {
      keys: [key],
      set: { expiresAt: at.toISOString() },
      condition: { expression: '#status = :completed', names, values: { ':completed': 'completed' } },
    };
  }
  // Completed meanwhile or not, it ends failed: its file may hold rows read before the deletion.
  return {
    keys: [key],
    set: { status: 'failed', error: WITHDRAWN_EXPORT_ERROR, expiresAt: at.toISOString() },
    condition: { expression: '#status IN (:running, :completed)', names, values: { ':running': 'running', ':completed': 'completed' } },
  };
}
