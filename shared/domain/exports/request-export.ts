import { hasPermission, type Identity } from '#shared/auth/identity';
import type { Permission } from '#shared/auth/permissions';
import { resolveCrossTeamScope } from '#shared/auth/team-access';
import { keyActor, newAuditEntry } from '#shared/domain/audit-log/entry';
import { ForbiddenError } from '#shared/errors';
import type { ExportStore } from '#shared/ports/export-store';
import type { MessageQueue } from '#shared/ports/message-queue';
import { type ExportFormat, type ExportJob, type ExportResource, newExportJob } from './export-job';

/** The permission of each resource's list route: an export reads nothing its key could not list. */
export const EXPORT_RESOURCE_PERMISSION: Readonly<Record<ExportResource, Permission>> = {
  sessions: 'read:scheduler_analytics',
  bookings: 'read:scheduler_analytics',
  leads: 'read:leads',
  calls: 'read:calls',
  transcripts: 'read:transcripts',
  texts: 'read:outbound',
  coach_evaluations: 'read:coach',
  appointments: 'read:leads',
};

export interface ExportRequest {
  readonly resource: ExportResource;
  readonly team_ids?: readonly number[] | undefined;
  readonly start_date: string;
  readonly end_date: string;
  readonly format: ExportFormat;
}

/**
 * Records an export for the key (with its `export.requested` audit entry, in each of the key's
 * enterprises' logs, in the same write) and queues it. Every team of the key but test teams, or
 * the teams `team_ids` names: a team the key does not reach is a 403 naming team_ids.
 */
export async function requestExport(
  deps: { readonly exports: ExportStore; readonly queue: MessageQueue },
  identity: Identity,
  request: ExportRequest,
  now: Date,
): Promise<ExportJob> {
  const permission = EXPORT_RESOURCE_PERMISSION[request.resource];
  if (!hasPermission(identity, permission)) {
    throw new ForbiddenError(`resource: exporting ${request.resource} needs the key to hold ${permission}, as its list route does`);
  }
  const outside = (request.team_ids ?? []).filter((teamId) => !identity.teamIds.includes(teamId));
  if (outside.length > 0) throw new ForbiddenError(`team_ids: team ${outside.join(', ')} is not accessible with this API key`);
  const named = request.team_ids === undefined ? undefined : [...new Set(request.team_ids)];
  const scope = named === undefined ? resolveCrossTeamScope(identity, { includeTestTeams: false }) : { teamIds: named };
  const job = newExportJob(
    {
      keyId: identity.keyId,
      enterpriseIds: scope.enterprises?.ids ?? [],
      teamIds: scope.teamIds,
      includeTestTeams: scope.enterprises?.includeTestTeams ?? false,
      resource: request.resource,
      format: request.format,
      start: request.start_date,
      end: request.end_date,
      fieldGroups: identity.fieldGroups,
      withTranscripts: hasPermission(identity, 'read:transcripts'),
    },
    now,
  );
  const audit = identity.enterpriseIds.map((enterpriseId) =>
    newAuditEntry(
      {
        enterpriseId,
        teamIds: job.teamIds,
        action: 'export.requested',
        actor: keyActor(identity),
        target: { type: 'export', id: job.exportId },
        detail: { resource: job.resource, format: job.format, start_date: job.start, end_date: job.end },
      },
      now,
    ),
  );
  await deps.exports.createExport(job, audit);
  await deps.queue.send([{ body: { export_id: job.exportId } }]);
  return job;
}
