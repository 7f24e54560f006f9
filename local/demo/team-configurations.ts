import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoFieldServiceConfigStore } from '#shared/adapters/dynamodb/field-service-config-store';
import { DynamoIntakeConfigStore } from '#shared/adapters/dynamodb/intake-store';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { intakeConfigSchema } from '#shared/domain/intake/intake-config-schema';
import { routingMembershipProblems } from '#shared/domain/intake/routing';
import { schedulerSettingsSchema } from '#shared/domain/scheduler-settings-schema';
import { bookingPageUrl } from '#shared/domain/widget/embed';
import { demoIntakeConfigs } from './intake-configs';
import { demoSchedulers } from './schedulers';
import { DEMO_ENTERPRISES } from './teams';

/** What the demo configures on its teams: intake configurations, schedulers and field-service systems. */

/**
 * Writes the demo intake configurations (validated as the CLI validates them: the schema, and
 * routing targets inside the anchor's enterprise). With `onlyWhereAbsent`, a team that already has
 * a configuration keeps it.
 */
export async function putDemoIntakeConfigs(tenancy: DynamoTenancyStore, options: { readonly onlyWhereAbsent: boolean }): Promise<void> {
  const workspaces = ['ws_summit_plumbing', 'ws_summit_hvac', 'ws_summit_qa', 'ws_bayside_heating_air'] as const;
  const teams = await Promise.all(workspaces.map((w) => tenancy.getTeamByWorkspace(w)));
  const byWorkspace = new Map(teams.flatMap((t) => (t ? [[t.workspaceId, t] as const] : [])));
  // Not the demo's tenancy (some of its teams are missing): leave it alone.
  if (options.onlyWhereAbsent && byWorkspace.size < workspaces.length) return;
  const id = (workspaceId: string): number => {
    const team = byWorkspace.get(workspaceId);
    if (!team) throw new Error(`demo team ${workspaceId} is missing`);
    return team.id;
  };
  const ids = {
    summitPlumbing: id('ws_summit_plumbing'),
    summitHvac: id('ws_summit_hvac'),
    summitQa: id('ws_summit_qa'),
    baysideHeatingAir: id('ws_bayside_heating_air'),
  };
  const configs = new DynamoIntakeConfigStore(getDocumentClient(), physicalTableName('teams'));
  const byId = new Map([...byWorkspace.values()].map((t) => [t.id, t]));
  await Promise.all(
    demoIntakeConfigs(ids).map(async ({ teamId, config: input }) => {
      const config = intakeConfigSchema.parse(input);
      const [problem] = routingMembershipProblems(byId.get(teamId)?.enterpriseId ?? -1, config.routing, byId);
      if (problem) throw new Error(`demo routing of team ${teamId} names team ${problem.teamId}: ${problem.kind}`);
      if (options.onlyWhereAbsent && (await configs.getIntakeConfig(teamId)) !== null) return;
      await configs.putIntakeConfig(teamId, config);
    }),
  );
}

/** The booking page of the first demo team's main widget (the start-up summary prints it); null without the demo. */
export async function demoBookingPage(baseUrl: string): Promise<string | null> {
  const spec = DEMO_ENTERPRISES[0]?.teams[0];
  if (!spec) return null;
  const team = await new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams')).getTeamByWorkspace(spec.workspaceId);
  const main = team ? demoSchedulers(team.id, spec.name, spec.timezone, spec.trade)[0] : undefined;
  if (!team || !main) return null;
  const scheduler = await new DynamoSchedulerConfigStore(getDocumentClient(), physicalTableName('teams')).getScheduler(team.id, main.id);
  return scheduler ? bookingPageUrl(baseUrl, team.id, main.id) : null;
}

/** Writes each demo team's schedulers (see demoSchedulers) and its field-service system (the sandbox, where none is set); with `onlyWhereAbsent`, an existing one is kept. */
export async function putDemoSchedulers(tenancy: DynamoTenancyStore, options: { readonly onlyWhereAbsent: boolean }): Promise<void> {
  const store = new DynamoSchedulerConfigStore(getDocumentClient(), physicalTableName('teams'));
  const fieldService = new DynamoFieldServiceConfigStore(getDocumentClient(), physicalTableName('teams'));
  const now = new Date();
  for (const spec of DEMO_ENTERPRISES.flatMap((e) => e.teams)) {
    const team = await tenancy.getTeamByWorkspace(spec.workspaceId);
    if (!team) continue;
    // The demo's bookings make their jobs in the local sandbox (<data folder>/sandbox/field-service-jobs.jsonl).
    if ((await fieldService.getFieldServiceConfig(team.id)) === null)
      await fieldService.putFieldServiceConfig(team.id, { system: 'sandbox' });
    for (const { id, settings } of demoSchedulers(team.id, spec.name, spec.timezone, spec.trade)) {
      if (options.onlyWhereAbsent && (await store.getScheduler(team.id, id)) !== null) continue;
      await store.putScheduler(team.id, id, schedulerSettingsSchema.parse(settings), now);
    }
  }
}
