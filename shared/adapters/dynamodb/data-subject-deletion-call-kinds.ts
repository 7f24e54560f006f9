import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { type DataSubject, isSubject } from '#shared/domain/data-subject-deletions/request';
import { providerCallPk, ticketsPk, transfersPk } from './call-items';
import { customerOf, type ErasedTables, type KindSpec, partition, REMOVED, type RedactUpdate } from './data-subject-deletion-kind';
import { teamPk, timeSortKey } from './keys';
import { type Item, queryPages } from './query';

type CallKind = 'coach_evaluations' | 'call_reports' | 'calls' | 'support_tickets';

const isCall = (item: Item, s: DataSubject) => typeof item.call_id === 'string' && isSubject(s, customerOf(item).phone, null);

/**
 * The person's calls and what hangs off them: evaluations and the report's records are found
 * through the calls, so those kinds run before the calls kind redacts them.
 */
export function callKinds(client: DynamoDBDocumentClient, t: ErasedTables): Record<CallKind, KindSpec> {
  return {
    coach_evaluations: {
      table: t.calls,
      queries: async (team) => [partition(t.calls, teamPk(team))],
      matches: isCall,
      removal: async (call) => evaluationRedaction(client, t.calls, Number(call.team_id), String(call.call_id)),
    },
    call_reports: {
      // The voice report's guard (its copy of an outreach appointment), the call's transfers (what
      // the assistant told the caller) and the responder's appointment record (name, number, reason).
      table: t.calls,
      queries: async (team, d) => [
        partition(t.calls, `${teamPk(team)}#APPOINTMENTS`),
        ...(await providerCallsOf(client, t.calls, team, d.subject)).map((id) => partition(t.calls, providerCallPk(team, id))),
      ],
      matches: (item, s) => item.sk === 'REPORT' || String(item.sk).startsWith('TRANSFER#') || isSubject(s, customerOf(item).phone, null),
      removal: async (item) => reportRedaction(item),
    },
    calls: {
      table: t.calls,
      queries: async (team) => [partition(t.calls, teamPk(team))],
      matches: isCall,
      removal: async (item) => callRedaction(item),
    },
    support_tickets: {
      table: t.calls,
      queries: async (team, d) => (d.teamIds[0] === team ? [partition(t.calls, ticketsPk(d.enterpriseId))] : []),
      matches: (item, s, d) => d.teamIds.includes(Number(item.team_id)) && isSubject(s, customerOf(item).phone, null),
      // The subject may quote the call's summary ("Dana Reyes complained"): replaced like the reason.
      removal: async () => ({ set: { customer: { name: null, phone: null }, subject: REMOVED, reason: REMOVED } }),
    },
  };
}

/** The provider call ids of the person's calls in the team (read before the calls are redacted). */
async function providerCallsOf(client: DynamoDBDocumentClient, table: string, team: number, subject: DataSubject | null) {
  const ids: string[] = [];
  if (subject?.phone == null) return ids;
  for await (const page of queryPages(client, partition(table, teamPk(team)))) {
    for (const item of page) if (isCall(item, subject) && typeof item.provider_call_id === 'string') ids.push(item.provider_call_id);
  }
  return ids;
}

function reportRedaction(item: Item): RedactUpdate | null {
  if (item.sk === 'REPORT') {
    const result = (item.result ?? {}) as Record<string, unknown>;
    const outreach = result.outreach as Record<string, unknown> | null | undefined;
    const appointment = outreach?.appointment as Record<string, unknown> | null | undefined;
    if (!outreach || !appointment) return null;
    const redacted = { ...appointment, customer: { name: null, phone: null }, reason: REMOVED };
    return { set: { result: { ...result, outreach: { ...outreach, appointment: redacted } } } };
  }
  if (String(item.sk).startsWith('TRANSFER#')) {
    const destination = { ...((item.destination ?? {}) as Record<string, unknown>), message: null };
    const teamId = Number(item.team_id);
    // The team's feed holds a copy (call-store.ts writes both in one transaction).
    const feedCopy = { pk: transfersPk(teamId), sk: timeSortKey(String(item.transferred_at), teamId, String(item.transfer_id)) };
    return { keys: [{ pk: String(item.pk), sk: String(item.sk) }, feedCopy], set: { destination, reason: null } };
  }
  return { set: { customer: { name: null, phone: null }, reason: REMOVED } };
}

/** A call's evaluation with its quotes and reasons removed (scores kept); null when the call has none. */
async function evaluationRedaction(client: DynamoDBDocumentClient, table: string, teamId: number, callId: string) {
  const { Item } = await client.send(
    new GetCommand({ TableName: table, Key: { pk: `${teamPk(teamId)}#COACH#${callId}`, sk: 'EVALUATION' } }),
  );
  if (!Item) return null;
  // The evaluation is one map attribute (coach-store.ts): its criteria are redacted inside it.
  const evaluation = (Item.evaluation ?? {}) as Record<string, unknown>;
  const criteria = ((evaluation.criteria ?? []) as Record<string, unknown>[]).map((c) => ({ ...c, evidence: null, reason: REMOVED }));
  return { keys: [{ pk: String(Item.pk), sk: String(Item.sk) }], set: { evaluation: { ...evaluation, criteria } } };
}

/**
 * A call without the person: their number and name, what they said (transcript, turns, summary),
 * the recording, and the analysis in words (the provider's raw analysis, the call's reason, what
 * could not be read of it); the responder's decisions keep their outcome and rule but lose the
 * evidence, which quotes the caller. Labels (sentiment, urgency, booking intent) and ids stay.
 */
function callRedaction(item: Item): RedactUpdate {
  const decisions = Array.isArray(item.decisions) ? (item.decisions as Record<string, unknown>[]) : null;
  return {
    set: {
      customer: { name: null, phone: null },
      transcript: null,
      turns: [],
      summary: null,
      recording_url: null,
      analysis: { ...((item.analysis ?? {}) as Record<string, unknown>), raw: null, call_reason: null },
      ...(decisions ? { decisions: decisions.map((d) => ({ ...d, evidence: [] })) } : {}),
      ...(Array.isArray(item.warnings) ? { warnings: [] } : {}),
    },
  };
}
