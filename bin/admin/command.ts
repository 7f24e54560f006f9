import type { ParseArgsConfig } from 'node:util';
import type { ApiGatewayUsagePlanKeys } from '#shared/adapters/aws/api-gateway-usage-plan';
import type { DynamoRubricStore } from '#shared/adapters/dynamodb/coach-rubric-store';
import type { DynamoMessagingConfigStore } from '#shared/adapters/dynamodb/messaging-config-store';
import type { DynamoOutboundFeedStore } from '#shared/adapters/dynamodb/outbound-feed-store';
import type { DynamoRateLimitStore } from '#shared/adapters/dynamodb/rate-limit-store';
import type { DynamoRollupStore } from '#shared/adapters/dynamodb/rollup-store';
import type { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import type { DynamoSessionStore } from '#shared/adapters/dynamodb/session-store';
import type { DynamoCampaignStore } from '#shared/adapters/dynamodb/sms-campaign-store';
import type { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import type { Team } from '#shared/domain/tenancy';
import type { AuthorizerCache } from '#shared/ports/authorizer-cache';
import type { FieldServiceConfigStore } from '#shared/ports/field-service-config-store';
import type { GoogleLeadFormKeyStore, IntakeConfigStore } from '#shared/ports/intake-store';
import { UsageError } from './errors';
import { requiredId, type Values } from './flags';

export type Options = NonNullable<ParseArgsConfig['options']>;

/** What a command may use: the stores of the target the operator chose, its flags and the output. */
export interface Context {
  readonly store: DynamoTenancyStore;
  readonly configs: IntakeConfigStore & GoogleLeadFormKeyStore;
  readonly messaging: DynamoMessagingConfigStore;
  readonly schedulers: DynamoSchedulerConfigStore;
  readonly fieldService: FieldServiceConfigStore;
  readonly campaigns: DynamoCampaignStore;
  readonly outbound: DynamoOutboundFeedStore;
  readonly sessions: DynamoSessionStore;
  readonly rollups: DynamoRollupStore;
  /** Coach rubrics (in the teams table). */
  readonly rubrics: DynamoRubricStore;
  /** Rate-limit counters and key usage (the limits table). */
  readonly limits: DynamoRateLimitStore;
  /** The usage plan new keys are registered in (null locally); throws a UsageError when a deployed stack's is not named. */
  usagePlan(): ApiGatewayUsagePlanKeys | null;
  /** The authorizer caches in front of this store's APIs; throws a UsageError when they cannot be named. */
  authorizerCaches(): { readonly name: string; readonly cache: AuthorizerCache }[];
  readonly values: Values;
  readonly json: boolean;
  out(text: string): void;
  /**
   * Asks before a destructive change (`Revoke key key_… (name)?`): goes on with --yes, or when the
   * operator answers yes on a terminal; throws otherwise (declined, or no terminal to ask on).
   */
  confirm(question: string): Promise<void>;
}

/** What `<command> --help` prints: one line for the group's list, then the usage, its flags and an example. */
export interface CommandHelp {
  /** One line, shown in the group's list. */
  readonly summary: string;
  /** Flags as in the synopsis, after the command words: `--id KEY_ID`. */
  readonly usage: string;
  /** Each flag the command takes, as `--flag VALUE`, with what it does (continuation lines are indented for it). */
  readonly flags: Readonly<Record<string, string>>;
  /** Paragraphs after the flags: what the command changes, where its values come from. */
  readonly notes?: readonly string[];
  /** Command lines after the program name, without it: `key revoke --id key_0123456789abcdef`. */
  readonly examples: readonly string[];
  /** Asks before it changes anything (see Context.confirm), so --yes is listed. */
  readonly confirms?: boolean;
}

/** One command (`portfolio create`): the flags it accepts, besides the global ones, and what it does. */
export interface Command {
  readonly options: Options;
  readonly help: CommandHelp;
  /**
   * The name of the one word the command takes after its words (`intake preset show NAME`): it is
   * put in `values` under this name, as a flag would be.
   */
  readonly positional?: string;
  run(context: Context): Promise<void>;
}

/** The team named by `--team`, which must exist. */
export async function requireTeam(context: Context): Promise<Team> {
  const teamId = requiredId(context.values, '--team');
  const team = await context.store.getTeam(teamId);
  if (!team) throw new UsageError(`--team ${teamId} does not name an existing team`, '--team');
  return team;
}
