import type { ExportLineStores } from '#shared/adapters/runtime/export-dependencies';
import { withFieldGroups } from '#shared/auth/field-groups';
import { retainedCall, retentionOfTeam } from '#shared/domain/call-retention';
import type { CallRecord } from '#shared/domain/calls';
import type { ExportJob, ExportResource } from '#shared/domain/exports/export-job';
import type { ExportPage, ExportReader } from '#shared/domain/exports/run-export';
import type { SessionStore } from '#shared/ports/session-store';
import { presentAppointment } from '#shared/presenters/appointments';
import { presentCallTranscript } from '#shared/presenters/call-detail';
import { presentCall } from '#shared/presenters/calls';
import { presentCoachEvaluation } from '#shared/presenters/coach';
import { presentUnifiedLead } from '#shared/presenters/leads';
import { presentOutboundText } from '#shared/presenters/outbound';
import { presentSession } from '#shared/presenters/sessions';

/**
 * The lines of an export: each row read with the store query of its list route, in that route's
 * order, and presented as that route presents one item, with the key's field groups applied.
 */

/** Rows per page: one store query (a few DynamoDB pages), bounded whatever the export's size. */
export const EXPORT_PAGE_ROWS = 1000;

interface Positioned<T> {
  readonly row: T;
  readonly position: string;
}

/** Reads up to limit + 1 rows of one team strictly after `after`. */
type TeamRead<T> = (teamId: number, after: string | undefined, limit: number) => Promise<Positioned<T>[]>;

export function exportReader(job: ExportJob, stores: ExportLineStores, pageRows: number = EXPORT_PAGE_ROWS): ExportReader {
  const line = (item: unknown) => JSON.stringify(withFieldGroups(item, job.fieldGroups));
  if (job.resource === 'sessions' || job.resource === 'bookings') {
    const list: Parameters<typeof crossTeamReader>[2] =
      job.resource === 'sessions'
        ? async (q) => (await stores.sessions()).listSessions(q)
        : async (q) => (await stores.sessions()).listBookings(q);
    return crossTeamReader(job, pageRows, list, (s) => line(presentSession(s)));
  }
  return teamByTeamReader(job.teamIds, pageRows, teamReads(job, stores, line)[job.resource]);
}

type PerTeamResource = Exclude<ExportResource, 'sessions' | 'bookings'>;

/** Each per-team resource's read of one team's page, each row already its line. */
function teamReads(job: ExportJob, stores: ExportLineStores, line: (item: unknown) => string): Record<PerTeamResource, TeamRead<string>> {
  const range = { start: job.start, end: job.end };
  // Calls as the call routes show them: past the team's retention, without transcript or recording.
  const retentionOf = async (teamId: number) => {
    const retention = await retentionOfTeam(await stores.teams(), teamId);
    return (call: CallRecord) => retainedCall(call, retention, new Date());
  };
  return {
    calls: async (teamId, after, limit) => {
      const retained = await retentionOf(teamId);
      return (await (await stores.calls()).listCallsAfter({ teamId, ...range, after, limit })).map(({ call, position }) => ({
        // No recording link: a link lasts 15 minutes, a file 7 days (docs/exports.md).
        row: line(presentCall(retained(call), job.withTranscripts)),
        position,
      }));
    },
    transcripts: async (teamId, after, limit) => {
      const retained = await retentionOf(teamId);
      return (await (await stores.calls()).listCallsAfter({ teamId, ...range, after, limit })).map(({ call, position }) => ({
        row: line(presentCallTranscript(retained(call))),
        position,
      }));
    },
    leads: async (teamId, after, limit) =>
      (await (await stores.leads()).listLeads({ teamId, ...range, after, limit })).map(({ lead, position }) => ({
        row: line(presentUnifiedLead(lead)),
        position,
      })),
    texts: async (teamId, after, limit) =>
      (await (await stores.feed()).listTexts({ teamId, ...range, after, limit })).map(({ text, position }) => ({
        row: line(presentOutboundText(text)),
        position,
      })),
    coach_evaluations: async (teamId, after, limit) =>
      (await (await stores.evaluations()).listEvaluationsAfter({ teamId, ...range, after, limit })).map(({ evaluation, position }) => ({
        row: line(presentCoachEvaluation(evaluation)),
        position,
      })),
    appointments: async (teamId, after, limit) => {
      const rows = await (await stores.appointments()).listAppointments({ teamId, ...range, after, limit });
      return Promise.all(
        rows.map(async ({ stored, position }) => ({ row: line(presentAppointment(stored, await stores.manageUrl(stored))), position })),
      );
    },
  };
}

/**
 * Sessions and bookings: one ordered read over every team, as GET /api/v1/sessions reads it (the
 * enterprise index when the export covers the key's teams, else the teams' partitions).
 */
function crossTeamReader<R extends { readonly session: Parameters<typeof presentSession>[0]; readonly position: string }>(
  job: ExportJob,
  pageRows: number,
  list: (q: Parameters<SessionStore['listBookings']>[0]) => Promise<R[]>,
  present: (session: R['session']) => string,
): ExportReader {
  const enterprises = job.enterpriseIds.length > 0 ? { ids: job.enterpriseIds, includeTestTeams: job.includeTestTeams } : undefined;
  return async (position) => {
    const rows = await list({
      teamIds: job.teamIds,
      enterprises,
      start: job.start,
      end: job.end,
      after: position ?? undefined,
      limit: pageRows,
    });
    const page = rows.slice(0, pageRows);
    const last = page[page.length - 1];
    return { lines: page.map((r) => present(r.session)), next: rows.length > pageRows && last ? last.position : null };
  };
}

/** Per-team resources: each team's rows in its list order, team after team; the position names the team and the row. */
function teamByTeamReader(teamIds: readonly number[], pageRows: number, read: TeamRead<string>): ExportReader {
  return async (position): Promise<ExportPage> => {
    const at = position === null ? { t: 0, a: null } : parsePosition(position);
    const teamId = teamIds[at.t];
    if (teamId === undefined) return { lines: [], next: null };
    const rows = await read(teamId, at.a ?? undefined, pageRows);
    const page = rows.slice(0, pageRows);
    const last = page[page.length - 1];
    let next: string | null = null;
    if (rows.length > pageRows && last) next = JSON.stringify({ t: at.t, a: last.position });
    else if (at.t + 1 < teamIds.length) next = JSON.stringify({ t: at.t + 1, a: null });
    return { lines: page.map((r) => r.row), next };
  };
}

function parsePosition(position: string): { t: number; a: string | null } {
  const parsed: unknown = JSON.parse(position);
  if (typeof parsed === 'object' && parsed !== null && 't' in parsed && 'a' in parsed) {
    const { t, a } = parsed;
    if (typeof t === 'number' && (typeof a === 'string' || a === null)) return { t, a };
  }
  throw new Error(`not an export position: ${position}`);
}
