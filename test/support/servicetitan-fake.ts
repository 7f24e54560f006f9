import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface ExternalData {
  key: string;
  value: string;
}

/**
 * A local stand-in for ServiceTitan's API, serving the shapes its documentation describes: the
 * client-credentials token endpoint (form post → access_token, expires_in), customers and their
 * locations (crm v2), jobs, their appointments, the appointment reschedule, the job cancel and
 * the job cancel reasons (jpm v2), lists filtered by external data, RFC 7807 problem details for
 * validation errors. Tokens expire after `tokenSeconds`; `failNext` makes the next API calls answer
 * 429 with Retry-After, 503, or a 400.
 */
export class ServiceTitanFake {
  readonly clientId = 'cid_fake';
  readonly clientSecret = 'secret_fake';
  readonly appKey = 'ak_fake';
  readonly tenant = '1234567';
  tokenSeconds = 900;
  private server: Server | null = null;
  private readonly tokens = new Map<string, number>();
  private readonly failures: ('429' | '503' | '400')[] = [];
  readonly customers: { id: number; name: string; externalData: ExternalData[]; locations: { id: number }[] }[] = [];
  readonly jobs: {
    id: number;
    customerId: number;
    locationId: number;
    externalData: ExternalData[];
    body: Record<string, unknown>;
    jobStatus: 'Scheduled' | 'Canceled';
  }[] = [];
  readonly appointments: { id: number; jobId: number; start: string; end: string }[] = [];
  /** Every reschedule and cancel asked, in order, with its body. */
  readonly changes: { kind: 'reschedule' | 'cancel'; id: number; body: Record<string, unknown> }[] = [];
  readonly cancelReasons = [
    { id: 71, name: 'Customer cancelled', active: true },
    { id: 72, name: 'Duplicate', active: true },
  ];
  readonly requests: { method: string; path: string; token: string | null; appKey: string | null }[] = [];
  tokensIssued = 0;
  private nextId = 500;

  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  failNext(...kinds: ('429' | '503' | '400')[]): void {
    this.failures.push(...kinds);
  }

  /** Makes every token issued so far invalid (as if they expired early). */
  expireTokens(): void {
    this.tokens.clear();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/connect/token') {
      const form = new URLSearchParams(text);
      if (
        form.get('grant_type') !== 'client_credentials' ||
        form.get('client_id') !== this.clientId ||
        form.get('client_secret') !== this.clientSecret
      ) {
        return send(400, { error: 'invalid_client' });
      }
      const token = randomUUID();
      this.tokens.set(token, Date.now() + this.tokenSeconds * 1000);
      this.tokensIssued += 1;
      return send(200, { access_token: token, expires_in: this.tokenSeconds, token_type: 'Bearer' });
    }
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? null;
    const appKey = (req.headers['st-app-key'] as string | undefined) ?? null;
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, token, appKey });
    const until = token ? this.tokens.get(token) : undefined;
    if (!until || until < Date.now())
      return send(401, { type: 'https://tools.ietf.org/html/rfc7235#section-3.1', title: 'Unauthorized', status: 401 });
    if (appKey !== this.appKey) return send(403, { title: 'Forbidden', status: 403 });
    const failure = this.failures.shift();
    if (failure === '429') return send(429, { title: 'Too Many Requests', status: 429 }, { 'retry-after': '7' });
    if (failure === '503') return send(503, { title: 'Service Unavailable', status: 503 });
    if (failure === '400') {
      return send(400, {
        type: 'https://tools.ietf.org/html/rfc7231#section-6.5.1',
        title: 'One or more validation errors occurred.',
        status: 400,
        errors: { JobTypeId: ['Job type 99 does not exist'] },
      });
    }
    const base = `/tenant/${this.tenant}`;
    const byExternal = <T extends { externalData: ExternalData[] }>(rows: T[]) => {
      const key = url.searchParams.get('externalDataKey');
      const values = (url.searchParams.get('externalDataValues') ?? '').split(',');
      return key ? rows.filter((r) => r.externalData.some((d) => d.key === key && values.includes(d.value))) : rows;
    };
    if (req.method === 'GET' && url.pathname === `/crm/v2${base}/customers`)
      return send(200, { page: 1, pageSize: 50, hasMore: false, data: byExternal(this.customers) });
    if (req.method === 'POST' && url.pathname === `/crm/v2${base}/customers`) {
      const body = JSON.parse(text) as { name?: string; locations?: unknown[]; externalData?: ExternalData[] };
      if (!body.name)
        return send(400, {
          title: 'One or more validation errors occurred.',
          status: 400,
          errors: { Name: ['The Name field is required.'] },
        });
      const customer = {
        id: this.nextId++,
        name: body.name,
        externalData: body.externalData ?? [],
        locations: (body.locations ?? []).map(() => ({ id: this.nextId++ })),
      };
      this.customers.push(customer);
      return send(200, { id: customer.id, name: customer.name, externalData: customer.externalData });
    }
    if (req.method === 'GET' && url.pathname === `/crm/v2${base}/locations`) {
      const customer = this.customers.find((c) => c.id === Number(url.searchParams.get('customerId')));
      return send(200, {
        page: 1,
        pageSize: 50,
        hasMore: false,
        data: (customer?.locations ?? []).map((l) => ({ id: l.id, customerId: customer?.id })),
      });
    }
    const changed = this.jobChanges(req.method ?? 'GET', url, base, text);
    if (changed) {
      res.writeHead(changed.status, { 'content-type': 'application/json' });
      return void res.end(changed.body === undefined ? '' : JSON.stringify(changed.body));
    }
    if (req.method === 'GET' && url.pathname === `/jpm/v2${base}/jobs`)
      return send(200, { page: 1, pageSize: 50, hasMore: false, data: byExternal(this.jobs).map((j) => ({ id: j.id })) });
    if (req.method === 'POST' && url.pathname === `/jpm/v2${base}/jobs`) {
      const body = JSON.parse(text) as {
        customerId: number;
        locationId: number;
        externalData?: { applicationGuid: string; externalData: ExternalData[] };
      };
      const job = {
        id: this.nextId++ * 1000,
        customerId: body.customerId,
        locationId: body.locationId,
        externalData: body.externalData?.externalData ?? [],
        body,
        jobStatus: 'Scheduled' as const,
      };
      this.jobs.push(job);
      const [first] = (body as { appointments?: { start: string; end: string }[] }).appointments ?? [];
      if (first) this.appointments.push({ id: this.nextId++, jobId: job.id, start: first.start, end: first.end });
      return send(200, { id: job.id, jobNumber: String(job.id), customerId: job.customerId, locationId: job.locationId });
    }
    return send(404, { title: 'Not Found', status: 404 });
  }

  /** A job read, its appointments listed or rescheduled, the job cancelled: the answer; null for any other call. */
  private jobChanges(method: string, url: URL, base: string, text: string): { status: number; body?: unknown } | null {
    const jpm = `/jpm/v2${base}`;
    const notFound = { status: 404, body: { title: 'Not Found', status: 404 } };
    const jobMatch = new RegExp(`^${jpm}/jobs/([0-9]+)(/cancel)?$`).exec(url.pathname);
    const rescheduleMatch = new RegExp(`^${jpm}/appointments/([0-9]+)/reschedule$`).exec(url.pathname);
    if (jobMatch) {
      const job = this.jobs.find((j) => j.id === Number(jobMatch[1]));
      if (!job) return notFound;
      if (method === 'GET' && !jobMatch[2]) return { status: 200, body: { id: job.id, jobStatus: job.jobStatus } };
      if (method !== 'PUT' || !jobMatch[2]) return null;
      const body = JSON.parse(text) as { reasonId?: number; memo?: string };
      if (!this.cancelReasons.some((r) => r.id === body.reasonId) || !body.memo)
        return { status: 400, body: { title: 'One or more validation errors occurred.', status: 400, errors: { ReasonId: ['Invalid'] } } };
      job.jobStatus = 'Canceled';
      this.changes.push({ kind: 'cancel', id: job.id, body });
      // The cancel answers 200 with an empty body.
      return { status: 200 };
    }
    if (method === 'GET' && url.pathname === `${jpm}/appointments`) {
      const jobId = Number(url.searchParams.get('jobId'));
      return { status: 200, body: { page: 1, pageSize: 50, hasMore: false, data: this.appointments.filter((a) => a.jobId === jobId) } };
    }
    if (method === 'PATCH' && rescheduleMatch) {
      const appointment = this.appointments.find((a) => a.id === Number(rescheduleMatch[1]));
      if (!appointment) return notFound;
      const body = JSON.parse(text) as { start: string; end: string };
      appointment.start = body.start;
      appointment.end = body.end;
      this.changes.push({ kind: 'reschedule', id: appointment.id, body });
      return { status: 200, body: { ...appointment } };
    }
    if (method === 'GET' && url.pathname === `${jpm}/job-cancel-reasons`)
      return { status: 200, body: { page: 1, pageSize: 50, hasMore: false, data: this.cancelReasons } };
    return null;
  }
}
