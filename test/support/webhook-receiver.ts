import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly status: number;
  readonly at: number;
}

/**
 * An integrator's endpoint on 127.0.0.1: records every request, answers the statuses queued for
 * its path (200 once they run out), and verifies signatures with the `standardwebhooks` reference
 * verifier, so our signing is checked by code nobody here wrote.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private readonly answers = new Map<string, number[]>();
  private server: Server | undefined;
  private base = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '/';
        const status = this.answers.get(path)?.shift() ?? 200;
        this.received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), status, at: Date.now() });
        res.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  url(path: string): string {
    return `${this.base}${path}`;
  }

  /** The next requests to `path` are answered with these statuses, in order. */
  answer(path: string, ...statuses: number[]): void {
    this.answers.set(path, [...(this.answers.get(path) ?? []), ...statuses]);
  }

  on(path: string): ReceivedWebhook[] {
    return this.received.filter((r) => r.path === path);
  }

  async waitFor(path: string, count: number, timeoutMs = 10_000): Promise<ReceivedWebhook[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.on(path).length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} requests on ${path}, got ${this.on(path).length}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    return this.on(path);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** The payload when `secret` verifies the request (standardwebhooks throws otherwise). */
export function verifyWith(secret: string, request: ReceivedWebhook): unknown {
  const headers: Record<string, string> = {};
  for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) headers[name] = String(request.headers[name] ?? '');
  return new Webhook(secret).verify(request.body, headers);
}
