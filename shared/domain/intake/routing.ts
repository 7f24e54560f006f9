import type { IntakeConfig } from './intake-config';
import { parsePath, readPath } from './payload-path';

export type RoutingDecision =
  | { readonly kind: 'rule'; readonly teamId: number; readonly ruleIndex: number; readonly field: string; readonly value: string }
  | { readonly kind: 'default'; readonly teamId: number }
  | { readonly kind: 'unmatched' };

function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim().toLowerCase();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value).toLowerCase();
  return undefined;
}

/** First matching rule wins; then the default team; else unmatched (the lead is rejected). */
export function routeLead(routing: IntakeConfig['routing'], payload: Record<string, unknown>): RoutingDecision {
  for (const [i, rule] of routing.rules.entries()) {
    const segments = parsePath(rule.field);
    if (!segments) continue;
    const value = asText(readPath(payload, segments));
    if (value !== undefined && rule.equals.some((e) => e.trim().toLowerCase() === value)) {
      return { kind: 'rule', teamId: rule.team_id, ruleIndex: i, field: rule.field, value };
    }
  }
  if (routing.default_team_id !== null) return { kind: 'default', teamId: routing.default_team_id };
  return { kind: 'unmatched' };
}

/** Teams named by the routing configuration, for membership checks when it is saved. */
export function routingTargets(routing: IntakeConfig['routing']): number[] {
  const ids = routing.rules.map((r) => r.team_id);
  if (routing.default_team_id !== null) ids.push(routing.default_team_id);
  return [...new Set(ids)];
}

export interface RoutingMembershipProblem {
  readonly teamId: number;
  /** Index of the rule that names the team; null for the default team. */
  readonly ruleIndex: number | null;
  readonly kind: 'missing' | 'other_enterprise';
}

/**
 * Routing may only name existing teams of the anchor team's enterprise: checked when rules are
 * saved (operator CLI, demo seed) and again at ingest.
 */
export function routingMembershipProblems(
  anchorEnterpriseId: number,
  routing: IntakeConfig['routing'],
  teamsById: ReadonlyMap<number, { readonly enterpriseId: number }>,
): RoutingMembershipProblem[] {
  const refs: { teamId: number; ruleIndex: number | null }[] = routing.rules.map((r, ruleIndex) => ({ teamId: r.team_id, ruleIndex }));
  if (routing.default_team_id !== null) refs.push({ teamId: routing.default_team_id, ruleIndex: null });
  const problems: RoutingMembershipProblem[] = [];
  for (const ref of refs) {
    const target = teamsById.get(ref.teamId);
    if (!target) problems.push({ ...ref, kind: 'missing' });
    else if (target.enterpriseId !== anchorEnterpriseId) problems.push({ ...ref, kind: 'other_enterprise' });
  }
  return problems;
}
