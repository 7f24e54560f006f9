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
