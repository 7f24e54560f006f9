import { type AuditActor, type AuditEntry, newAuditEntry } from './audit-log/entry';
import type { CallRecord } from './calls';

/**
 * How long a team keeps its calls' transcripts and recording references (ADR 0166). A number of
 * whole days counted from the call's start; null (or absent) keeps them as long as the call. The
 * call itself and every other field stay: only the transcript (text and turns) and the reference
 * to the provider's recording go.
 */
export interface CallRetention {
  readonly transcriptDays: number | null;
  readonly recordingDays: number | null;
}

export const KEEP_EVERYTHING: CallRetention = { transcriptDays: null, recordingDays: null };

/** The longest setting: ten years, far beyond any legal retention period, and well inside Date's range. */
export const MAX_RETENTION_DAYS = 3650;

const DAY_MS = 86_400_000;

/** Whether `days` is a valid setting: a whole number of days from 1 to MAX_RETENTION_DAYS. */
export function isRetentionDays(days: number): boolean {
  return Number.isInteger(days) && days >= 1 && days <= MAX_RETENTION_DAYS;
}

/** The instant before which a call started has lost what `days` keeps; null when kept. */
export function retentionCutoff(days: number | null, now: Date): Date | null {
  return days === null ? null : new Date(now.getTime() - days * DAY_MS);
}

function expired(startedAt: string, days: number | null, now: Date): boolean {
  const cutoff = retentionCutoff(days, now);
  return cutoff !== null && Date.parse(startedAt) < cutoff.getTime();
}

/**
 * The call as a reader may see it under the team's retention: an expired transcript reads as a call
 * without one (null text, no turns), an expired recording as a call without one (null reference).
 * Applied at every read, so a shortened setting takes effect at once, before the sweeper has
 * removed the attributes for real.
 */
export function retainedCall(call: CallRecord, retention: CallRetention, now: Date): CallRecord {
  const transcriptGone = expired(call.started_at, retention.transcriptDays, now);
  const recordingGone = expired(call.started_at, retention.recordingDays, now);
  if (!transcriptGone && !recordingGone) return call;
  const { turns: _turns, turns_trimmed: _trimmed, ...rest } = call;
  return {
    ...(transcriptGone ? rest : call),
    ...(transcriptGone ? { transcript: null } : {}),
    ...(recordingGone ? { recording_url: null } : {}),
  };
}

/** A team's retention from its stored settings (absent on teams stored before retention existed). */
export function teamRetention(team: {
  readonly transcriptRetentionDays?: number | null;
  readonly recordingRetentionDays?: number | null;
}): CallRetention {
  return { transcriptDays: team.transcriptRetentionDays ?? null, recordingDays: team.recordingRetentionDays ?? null };
}

/** A setting as the audit log and the CLI show it: the days, or `keep`. */
export function retentionLabel(days: number | null): number | 'keep' {
  return days ?? 'keep';
}

/** The audit entry of a change of a team's retention: the settings before and after. */
export function retentionAudit(
  team: { readonly id: number; readonly enterpriseId: number },
  before: CallRetention,
  after: CallRetention,
  actor: AuditActor,
  now: Date,
): AuditEntry {
  return newAuditEntry(
    {
      enterpriseId: team.enterpriseId,
      teamIds: [team.id],
      action: 'retention.changed',
      actor,
      target: { type: 'team', id: String(team.id) },
      detail: {
        transcript_retention_days: retentionLabel(after.transcriptDays),
        recording_retention_days: retentionLabel(after.recordingDays),
        previous_transcript_retention_days: retentionLabel(before.transcriptDays),
        previous_recording_retention_days: retentionLabel(before.recordingDays),
      },
    },
    now,
  );
}

/** The retention of one team, read from its settings; an unknown team keeps everything. */
export async function retentionOfTeam(
  teams: {
    getTeam(
      id: number,
    ): Promise<{ readonly transcriptRetentionDays?: number | null; readonly recordingRetentionDays?: number | null } | null>;
  },
  teamId: number,
): Promise<CallRetention> {
  const team = await teams.getTeam(teamId);
  return team ? teamRetention(team) : KEEP_EVERYTHING;
}

/** What the sweeper needs: the teams with a setting, their settings, and the removal from their calls. */
export interface RetentionSweepDependencies {
  readonly teams: {
    listRetentionTeamIds(): Promise<number[]>;
    getTeam(
      id: number,
    ): Promise<{ readonly transcriptRetentionDays?: number | null; readonly recordingRetentionDays?: number | null } | null>;
  };
  readonly calls: { removeBefore(teamId: number, part: 'transcript' | 'recording', cutoff: Date): Promise<number> };
}

export interface RetentionSweepResult {
  readonly teams: number;
  readonly transcriptsRemoved: number;
  readonly recordingsRemoved: number;
}

/**
 * Removes for real what readers already treat as absent: for each team with a setting, the
 * transcripts and recording references of its calls older than the setting. Each team is read
 * under its own setting only, so no team's calls are touched by another's; running it again
 * removes nothing more.
 */
export async function sweepRetention(deps: RetentionSweepDependencies, now: Date): Promise<RetentionSweepResult> {
  let transcriptsRemoved = 0;
  let recordingsRemoved = 0;
  const teamIds = await deps.teams.listRetentionTeamIds();
  for (const teamId of teamIds) {
    const retention = await retentionOfTeam(deps.teams, teamId);
    const transcriptCutoff = retentionCutoff(retention.transcriptDays, now);
    const recordingCutoff = retentionCutoff(retention.recordingDays, now);
    if (transcriptCutoff) transcriptsRemoved += await deps.calls.removeBefore(teamId, 'transcript', transcriptCutoff);
    if (recordingCutoff) recordingsRemoved += await deps.calls.removeBefore(teamId, 'recording', recordingCutoff);
  }
  return { teams: teamIds.length, transcriptsRemoved, recordingsRemoved };
}
