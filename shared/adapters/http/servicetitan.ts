import {
  FieldServiceError,
  type FieldServiceJobRequest,
  type FieldServiceJobState,
  type FieldServiceSystem,
} from '#shared/ports/field-service';
import type { FieldServiceConfig } from '#shared/ports/field-service-config-store';

type ServiceTitanConfig = Extract<FieldServiceConfig, { system: 'servicetitan' }>;

/** The external-data key the session id is recorded under, on the customer and on the job. */
export const SESSION_KEY = 'lcs_session_id';

/** How long before its stated expiry a token is renewed (clock skew, a slow request). */
const TOKEN_MARGIN_MS = 60_000;
const REQUEST_TIMEOUT_MS = 15_000;

/**
 * ServiceTitan's public API (v2) as its documentation describes it: an OAuth 2.0 client-credentials
 * token from the auth server (form post; `access_token`, `expires_in`), then every call with
 * `Authorization: Bearer` and the application's `ST-App-Key`, under `/tenant/{tenant}`. A job needs
 * a customer and its location: the customer (with the service address as its location) is found
 * by the session id in its external data, or created with it; then the job is created with one
 * appointment for the visit and the session id in its external data, which `findJob` looks up.
 * The job follows the visit: a move reschedules the job's appointment (`PATCH
 * /jpm/v2/tenant/{tenant}/appointments/{id}/reschedule`, start, end and the arrival window), a
 * cancel cancels the job (`PUT /jpm/v2/tenant/{tenant}/jobs/{id}/cancel`, a cancel reason and a
 * memo); `jobState` reads the job's status and its appointment first.
 *
 * Answers: 401 renews the token once and repeats the call; 429 is retryable with its Retry-After;
 * 5xx and network failures are retryable; 400 and 422 (RFC 7807 problem details, `errors` per
 * field) are the request refused as it is.
 */
export class ServiceTitanFieldService implements FieldServiceSystem {
  private token: { value: string; until: number } | null = null;

  constructor(
    private readonly config: ServiceTitanConfig,
    private readonly fetchFn: typeof fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  async findJob(externalId: string): Promise<number | null> {
    const jobs = await this.call<{ data: { id: number }[] }>('GET', `/jpm/v2/tenant/${this.tenant}/jobs?${this.externalQuery(externalId)}`);
    return jobs.data[0]?.id ?? null;
  }

  async createJob(request: FieldServiceJobRequest): Promise<number> {
    const { customerId, locationId } = await this.customerFor(request);
    const job = await this.call<{ id: number }>('POST', `/jpm/v2/tenant/${this.tenant}/jobs`, {
      customerId,
      locationId,
      businessUnitId: this.config.business_unit_id,
      jobTypeId: this.config.job_type_id,
      campaignId: this.config.campaign_id,
      priority: 'Normal',
      summary: request.summary,
      appointments: [
        {
          start: request.visit.startsAt,
          end: request.visit.endsAt,
          arrivalWindowStart: request.visit.startsAt,
          arrivalWindowEnd: request.visit.endsAt,
        },
      ],
      externalData: this.externalData(request.externalId),
    });
    return job.id;
  }

  async jobState(jobId: number): Promise<FieldServiceJobState> {
    const job = await this.call<{ jobStatus?: string }>('GET', `/jpm/v2/tenant/${this.tenant}/jobs/${jobId}`);
    const appointment = await this.appointmentOf(jobId);
    return { startsAt: appointment?.start ?? null, cancelled: job.jobStatus === 'Canceled' };
  }

  async rescheduleJob(jobId: number, visit: { readonly startsAt: string; readonly endsAt: string }): Promise<void> {
    const appointment = await this.appointmentOf(jobId);
    if (!appointment) throw new FieldServiceError('rejected', 'no_appointment', `ServiceTitan job ${jobId} has no appointment`);
    await this.call('PATCH', `/jpm/v2/tenant/${this.tenant}/appointments/${appointment.id}/reschedule`, {
      start: visit.startsAt,
      end: visit.endsAt,
      arrivalWindowStart: visit.startsAt,
      arrivalWindowEnd: visit.endsAt,
    });
  }

  async cancelJob(jobId: number, memo: string): Promise<void> {
    const reasonId = this.config.cancel_reason_id ?? (await this.firstCancelReason());
    await this.call('PUT', `/jpm/v2/tenant/${this.tenant}/jobs/${jobId}/cancel`, { reasonId, memo: memo.slice(0, 500) });
  }

  /** The job's appointment (a booked job has one). */
  private async appointmentOf(jobId: number): Promise<{ id: number; start: string } | null> {
    const list = await this.call<{ data: { id: number; start: string }[] }>(
      'GET',
      `/jpm/v2/tenant/${this.tenant}/appointments?jobId=${jobId}&pageSize=1`,
    );
    return list.data[0] ?? null;
  }

  /** The tenant's first active job cancel reason, when the configuration names none. */
  private async firstCancelReason(): Promise<number> {
    const reasons = await this.call<{ data: { id: number; active?: boolean }[] }>(
      'GET',
      `/jpm/v2/tenant/${this.tenant}/job-cancel-reasons?active=True&pageSize=50`,
    );
    const reason = reasons.data.find((r) => r.active !== false);
    if (!reason) throw new FieldServiceError('rejected', 'no_cancel_reason', 'ServiceTitan lists no active job cancel reason');
    return reason.id;
  }

  private get tenant(): string {
    return encodeURIComponent(this.config.tenant_id);
  }

  private externalQuery(externalId: string): string {
    return new URLSearchParams({
      externalDataApplicationGuid: this.config.application_guid,
      externalDataKey: SESSION_KEY,
      externalDataValues: externalId,
      pageSize: '1',
    }).toString();
  }

  private externalData(externalId: string) {
    return { applicationGuid: this.config.application_guid, externalData: [{ key: SESSION_KEY, value: externalId }] };
  }

  private async customerFor(request: FieldServiceJobRequest): Promise<{ customerId: number; locationId: number }> {
    const found = await this.call<{ data: { id: number }[] }>(
      'GET',
      `/crm/v2/tenant/${this.tenant}/customers?${this.externalQuery(request.externalId)}`,
    );
    let customerId = found.data[0]?.id;
    if (customerId === undefined) {
      const address = addressParts(request.customer.address);
      const contacts = [{ type: 'MobilePhone', value: request.customer.phone }];
      if (request.customer.email) contacts.push({ type: 'Email', value: request.customer.email });
      const created = await this.call<{ id: number }>('POST', `/crm/v2/tenant/${this.tenant}/customers`, {
        name: request.customer.name,
        type: 'Residential',
        address,
        locations: [{ name: request.customer.name, address }],
        contacts,
        externalData: this.externalData(request.externalId).externalData,
      });
      customerId = created.id;
    }
    const locations = await this.call<{ data: { id: number }[] }>(
      'GET',
      `/crm/v2/tenant/${this.tenant}/locations?customerId=${customerId}&pageSize=1`,
    );
    const locationId = locations.data[0]?.id;
    if (locationId === undefined)
      throw new FieldServiceError('rejected', 'no_location', `ServiceTitan customer ${customerId} has no location`);
    return { customerId, locationId };
  }

  private async accessToken(renew: boolean): Promise<string> {
    if (!renew && this.token && this.token.until > this.now()) return this.token.value;
    const response = await this.send(this.config.auth_url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: this.config.client_id,
        client_secret: this.config.client_secret,
      }).toString(),
    });
    if (!response.ok) throw await failureOf(response, 'token');
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token)
      throw new FieldServiceError('retryable', 'token_invalid', 'ServiceTitan answered a token request without a token');
    this.token = { value: body.access_token, until: this.now() + (body.expires_in ?? 900) * 1000 - TOKEN_MARGIN_MS };
    return body.access_token;
  }

  private async call<T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, body?: unknown): Promise<T> {
    for (let renewed = false; ; renewed = true) {
      const token = await this.accessToken(renewed);
      const response = await this.send(`${this.config.api_base_url.replace(/\/+$/, '')}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'st-app-key': this.config.app_key,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (response.status === 401 && !renewed) {
        this.token = null;
        continue;
      }
      if (!response.ok) throw await failureOf(response, path.split('?')[0] ?? path);
      // A cancel answers 200 with no body.
      const text = await response.text();
      return (text.trim() === '' ? {} : JSON.parse(text)) as T;
    }
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetchFn(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      throw new FieldServiceError(
        'retryable',
        'unreachable',
        `ServiceTitan could not be reached: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}

async function failureOf(response: Response, what: string): Promise<FieldServiceError> {
  const text = await response.text().catch(() => '');
  if (response.status === 429) {
    const retryAfter = Number(response.headers.get('retry-after'));
    return new FieldServiceError(
      'retryable',
      'rate_limited',
      `ServiceTitan rate-limited ${what}`,
      Number.isFinite(retryAfter) ? retryAfter : undefined,
    );
  }
  if (response.status >= 500 || response.status === 401 || response.status === 408) {
    return new FieldServiceError('retryable', 'upstream_unavailable', `ServiceTitan answered ${response.status} to ${what}`);
  }
  return new FieldServiceError(
    'rejected',
    'validation_failed',
    `ServiceTitan refused ${what} (${response.status}): ${problemSummary(text)}`,
  );
}

/** RFC 7807 problem details as ServiceTitan sends them: the title and each field's first error. */
function problemSummary(text: string): string {
  try {
    const problem = JSON.parse(text) as { title?: string; errors?: Record<string, string[]> };
    const fields = Object.entries(problem.errors ?? {}).map(([field, messages]) => `${field}: ${messages[0] ?? 'invalid'}`);
    return [problem.title, ...fields].filter(Boolean).join('; ').slice(0, 400) || 'no details';
  } catch {
    return text.slice(0, 200) || 'no details';
  }
}

/** "street, city, ST 12345" read loosely into ServiceTitan's address members; what cannot be read stays in street. */
export function addressParts(address: string): { street: string; city: string; state: string; zip: string; country: string } {
  const parts = address.split(',').map((p) => p.trim());
  const tail = parts.length >= 3 ? (parts.at(-1) ?? '') : '';
  const stateZip = /^([A-Za-z]{2})\s+([0-9]{5}(?:-[0-9]{4})?)$/.exec(tail);
  if (parts.length >= 3 && stateZip) {
    return {
      street: parts.slice(0, -2).join(', '),
      city: parts.at(-2) ?? '',
      state: (stateZip[1] as string).toUpperCase(),
      zip: stateZip[2] as string,
      country: 'USA',
    };
  }
  return { street: address, city: '', state: '', zip: '', country: 'USA' };
}
