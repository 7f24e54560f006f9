/**
 * A team's field-service system and how to reach it. ServiceTitan's client credentials are read
 * at run time by the worker that makes jobs (never put in the template or a function's
 * configuration); this port is where they come from, so their storage can change without the
 * domain noticing.
 */
export type FieldServiceConfig =
  | { readonly system: 'sandbox' }
  | {
      readonly system: 'servicetitan';
      readonly tenant_id: string;
      readonly client_id: string;
      readonly client_secret: string;
      readonly app_key: string;
      /** The application's GUID its external data is recorded under (the session id is found by it). */
      readonly application_guid: string;
      readonly business_unit_id: number;
      readonly job_type_id: number;
      readonly campaign_id: number;
      /** The job cancel reason a cancelled visit's job is cancelled with; absent: the tenant's first active one. */
      readonly cancel_reason_id?: number;
      /** @default https://api.servicetitan.io */
      readonly api_base_url: string;
      /** @default https://auth.servicetitan.io/connect/token */
      readonly auth_url: string;
    };

export interface FieldServiceConfigStore {
  getFieldServiceConfig(teamId: number): Promise<FieldServiceConfig | null>;
  putFieldServiceConfig(teamId: number, config: FieldServiceConfig | null): Promise<void>;
}
