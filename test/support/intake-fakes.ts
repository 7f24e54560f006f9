import { toLeadItem } from '#shared/adapters/dynamodb/lead-store';
import type { IntakeConfig, IntakeConfigInput } from '#shared/domain/intake/intake-config';
import { intakeConfigSchema } from '#shared/domain/intake/intake-config-schema';
import type { OutreachState } from '#shared/domain/intake/outreach';
import type { LeadRecord } from '#shared/domain/leads';
import { assertStorable } from '#shared/domain/stored-size';
import type { Team } from '#shared/domain/tenancy';
import type { DomainEvent, EventBus } from '#shared/ports/event-bus';
import { DuplicateLeadError, type IntakeConfigStore, type IntakeStore } from '#shared/ports/intake-store';
import type { MessageQueue, QueueMessage, QueueName } from '#shared/ports/message-queue';
import type { OneTimeScheduler } from '#shared/ports/scheduler';
import type { TenancyStore } from '#shared/ports/tenancy-store';

/**
 * In-memory fakes of the ports the intake and responder domains use, with the same contracts as
 * the DynamoDB adapters (uniqueness guards, conditional outreach transitions), for unit tests.
 */

let workspaceCounter = 0;

export function team(overrides: Partial<Team> & { id: number }): Team {
  return {
    name: `Team ${overrides.id}`,
    timezone: 'America/New_York',
    isTest: false,
    enterpriseId: 1,
    workspaceId: `ws_fake_${++workspaceCounter}`,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A TenancyStore holding teams; the key and portfolio operations are not used by these domains. */
export function tenancyOf(teams: readonly Team[]): TenancyStore {
  const byId = new Map(teams.map((t) => [t.id, t]));
  const unused = (name: string) => () => Promise.reject(new Error(`TenancyStore.${name} is not used here`));
  return {
    getTeam: async (id) => byId.get(id) ?? null,
    getTeams: async (ids) => ids.flatMap((id) => byId.get(id) ?? []),
    getTeamByWorkspace: async (workspaceId) => teams.find((t) => t.workspaceId === workspaceId) ?? null,
    listEnterpriseTeamIds: async (enterpriseId) =>
      teams.filter((t) => t.enterpriseId === enterpriseId).map((t) => ({ teamId: t.id, isTest: t.isTest })),
    getApiKeyById: unused('getApiKeyById'),
    createPortfolio: unused('createPortfolio'),
    createEnterprise: unused('createEnterprise'),
    addEnterpriseToPortfolio: unused('addEnterpriseToPortfolio'),
    createTeam: unused('createTeam'),
    getPortfolio: unused('getPortfolio'),
    getEnterprise: unused('getEnterprise'),
    listPortfolioEnterpriseIds: unused('listPortfolioEnterpriseIds'),
    listPortfolios: unused('listPortfolios'),
    listEnterprises: unused('listEnterprises'),
    putApiKey: unused('putApiKey'),
    getApiKeyByHash: unused('getApiKeyByHash'),
    listApiKeys: unused('listApiKeys'),
    revokeApiKey: unused('revokeApiKey'),
    touchApiKey: unused('touchApiKey'),
    updateApiKeySettings: unused('updateApiKeySettings'),
    setTeamRateLimit: unused('setTeamRateLimit'),
  };
}

export class InMemoryIntakeConfigs implements IntakeConfigStore {
  private readonly configs = new Map<number, IntakeConfig>();

  /** Stores a configuration given in its input form (defaults applied, validated). */
  set(teamId: number, input: IntakeConfigInput): this {
    this.configs.set(teamId, intakeConfigSchema.parse(input));
    return this;
  }

  async getIntakeConfig(teamId: number): Promise<IntakeConfig | null> {
    return this.configs.get(teamId) ?? null;
  }

  async putIntakeConfig(teamId: number, config: IntakeConfig): Promise<void> {
    this.configs.set(teamId, config);
  }
}

interface Guard {
  stlCallId: number;
  leadId: number;
  expiresAt: number | null;
}

export class InMemoryIntakeStore implements IntakeStore {
  readonly leads = new Map<number, LeadRecord>();
  private readonly guards = new Map<string, Guard>();
  private readonly providerCalls = new Map<string, number>();
  private leadIds = 0;
  private stlCallIds = 0;

  /** The DynamoDB store's own size rule, so the fake refuses exactly what it would. */
  assertStorable(lead: LeadRecord): void {
    assertStorable(toLeadItem(lead), 'The lead (with its raw payload)');
  }
  /** Every transition asked for, in order, with whether it applied. */
  readonly transitions: { stlCallId: number; next: Partial<OutreachState>; applied: boolean }[] = [];
  /** Events that became due with a write that happened (the outbox), in order. */
  readonly outbox: DomainEvent[] = [];

  /** @param publishTo where the outbox's events go once due, as the publish-events consumer would send them */
  constructor(private readonly publishTo?: EventBus) {}

  private async emit(events: readonly DomainEvent[] | undefined): Promise<void> {
    if (!events || events.length === 0) return;
    this.outbox.push(...events);
    // A bus that refuses leaves them due (the consumer retries); the write itself stands.
    await this.publishTo?.publish(events).catch(() => undefined);
  }

  async nextLeadId(): Promise<number> {
    return ++this.leadIds;
  }

  async nextStlCallId(): Promise<number> {
    return ++this.stlCallIds;
  }

  async createLead(input: {
    lead: LeadRecord;
    phone: string | null;
    phoneWindowHours: number;
    now: Date;
    events?: readonly DomainEvent[];
  }): Promise<void> {
    const { lead, now } = input;
    const nowMs = now.getTime();
    const externalKey = lead.external_id ? `${lead.team_id}#EXTERNAL#${lead.external_id}` : null;
    const phoneKey = input.phone !== null && input.phoneWindowHours > 0 ? `${lead.team_id}#PHONE#${input.phone}` : null;
    if (externalKey) {
      const taken = this.guards.get(externalKey);
      if (taken) throw new DuplicateLeadError('external_id', taken.leadId, taken.stlCallId);
    }
    if (phoneKey) {
      const taken = this.guards.get(phoneKey);
      if (taken && (taken.expiresAt === null || taken.expiresAt > nowMs))
        throw new DuplicateLeadError('phone_number', taken.leadId, taken.stlCallId);
    }
    const leadId = lead.lead_id as number;
    if (!lead.outreach) throw new Error('intake leads carry outreach');
    const stlCallId = lead.outreach.stl_call_id;
    if (externalKey) this.guards.set(externalKey, { leadId, stlCallId, expiresAt: null });
    if (phoneKey) this.guards.set(phoneKey, { leadId, stlCallId, expiresAt: nowMs + input.phoneWindowHours * 3_600_000 });
    this.leads.set(stlCallId, structuredClone(lead));
    await this.emit(input.events);
  }

  async getLeadByStlCallId(stlCallId: number): Promise<LeadRecord | null> {
    const lead = this.leads.get(stlCallId);
    return lead ? structuredClone(lead) : null;
  }

  async transitionOutreach(
    stlCallId: number,
    expected: { statuses: readonly OutreachState['status'][]; attempt: number; claimToken?: string | null },
    next: Partial<OutreachState>,
    leadStatus?: string,
    events?: readonly DomainEvent[],
  ): Promise<boolean> {
    const lead = this.leads.get(stlCallId);
    const outreach = lead?.outreach;
    const applies =
      !!lead &&
      !!outreach &&
      expected.statuses.includes(outreach.status) &&
      outreach.attempt === expected.attempt &&
      (expected.claimToken === undefined || (outreach.claim_token ?? null) === expected.claimToken);
    this.transitions.push({ stlCallId, next, applied: applies });
    if (!applies || !lead || !outreach) return false;
    lead.outreach = { ...outreach, ...next };
    if (leadStatus !== undefined) lead.status = leadStatus;
    await this.emit(events);
    return true;
  }

  async markOutreachDispatched(stlCallId: number): Promise<void> {
    const lead = this.leads.get(stlCallId);
    if (lead?.outreach) lead.outreach = { ...lead.outreach, dispatched: true };
  }

  async setLeadAppointment(stlCallId: number, appointment: Record<string, unknown>): Promise<void> {
    const lead = this.leads.get(stlCallId);
    if (lead) lead.appointment = appointment;
  }

  async linkProviderCall(providerCallId: string, stlCallId: number): Promise<void> {
    this.providerCalls.set(providerCallId, stlCallId);
  }

  async getStlCallIdByProviderCall(providerCallId: string): Promise<number | null> {
    return this.providerCalls.get(providerCallId) ?? null;
  }

  /** The outreach state of a lead, typed. */
  outreachOf(stlCallId: number): OutreachState | null {
    return this.leads.get(stlCallId)?.outreach ?? null;
  }
}

export class RecordingQueue implements MessageQueue {
  readonly sent: QueueMessage[] = [];
  /** When set, send() rejects with it. */
  failure: Error | null = null;
  /** When set, send() never answers: the process died while sending. */
  hang = false;

  async send(messages: readonly QueueMessage[]): Promise<void> {
    if (this.hang) await new Promise(() => undefined);
    if (this.failure) throw this.failure;
    this.sent.push(...messages);
  }
}

export class RecordingScheduler implements OneTimeScheduler {
  readonly scheduled: { name: string; at: Date; queue: QueueName; body: Record<string, unknown> }[] = [];
  /** When set, scheduleMessage() rejects with it. */
  failure: Error | null = null;

  async scheduleMessage(input: { name: string; at: Date; queue: QueueName; body: Record<string, unknown> }): Promise<void> {
    if (this.failure) throw this.failure;
    if (!this.scheduled.some((s) => s.name === input.name)) this.scheduled.push(input);
  }

  async cancel(name: string): Promise<void> {
    const index = this.scheduled.findIndex((s) => s.name === name);
    if (index >= 0) this.scheduled.splice(index, 1);
  }
}

export class RecordingEventBus implements EventBus {
  readonly published: DomainEvent[] = [];

  async publish(events: readonly DomainEvent[]): Promise<void> {
    this.published.push(...events);
  }

  types(): string[] {
    return this.published.map((e) => e.type);
  }
}
