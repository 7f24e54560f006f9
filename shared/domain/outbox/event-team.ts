/**
 * The team an event is about: lead events carry team_id at the top, campaign events under data.
 * The webhook dispatcher delivers an event to that team's subscriptions; the outbox keeps a sent
 * event in that team's history (replayed by POST /v1/webhooks/{id}/replay).
 */
export function teamOfEvent(detail: Record<string, unknown>): number | null {
  const data = detail.data as Record<string, unknown> | undefined;
  const teamId = detail.team_id ?? data?.team_id;
  return typeof teamId === 'number' && Number.isInteger(teamId) ? teamId : null;
}
