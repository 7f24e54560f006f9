import { ServiceTitanFieldService } from '#shared/adapters/http/servicetitan';
import type { FieldServiceDirectory, FieldServiceSystem } from '#shared/ports/field-service';
import type { FieldServiceConfigStore } from '#shared/ports/field-service-config-store';

/**
 * The system of each team, from its configuration: ServiceTitan with the team's own tenant and
 * credentials (one adapter per team per function instance, so its token is reused), or the local
 * sandbox, which only `npm start` and the tests provide (`useFieldServiceSandbox`); a deployed
 * team configured with the sandbox has no system.
 */
let sandbox: FieldServiceSystem | null = null;

export function useFieldServiceSandbox(system: FieldServiceSystem | null): void {
  sandbox = system;
}

export function configuredFieldServices(configs: FieldServiceConfigStore, fetchFn: typeof fetch = fetch): FieldServiceDirectory {
  const adapters = new Map<number, { key: string; system: ServiceTitanFieldService }>();
  return {
    async forTeam(teamId) {
      const config = await configs.getFieldServiceConfig(teamId);
      if (!config) return null;
      if (config.system === 'sandbox') return sandbox;
      const key = JSON.stringify(config);
      const cached = adapters.get(teamId);
      if (cached?.key === key) return cached.system;
      const system = new ServiceTitanFieldService(config, fetchFn);
      adapters.set(teamId, { key, system });
      return system;
    },
  };
}
