import { lookup } from 'node:dns/promises';
import * as http from 'node:http';
import * as https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { checkTargetUrl, isForbiddenAddress } from '#shared/domain/webhooks/target-address';
import type { WebhookRequest, WebhookResponse, WebhookSender } from '#shared/ports/webhook-sender';

/** A 2xx within this is a success; anything slower is a failure (and retried). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Response bytes read (and dropped): the status decides; the body is never stored. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * POSTs a webhook over node:http(s), with the address checked at every send: the host is resolved
 * here, every address it resolves to must be public (unless allowPrivate), and the connection is
 * made to the address that was checked (the request's `lookup` answers it), so a DNS answer that
 * changes after the check (rebinding) is never used. TLS still verifies the certificate against
 * the URL's host name. Redirects are not followed (a 3xx is a failure).
 */
export class HttpWebhookSender implements WebhookSender {
  constructor(private readonly options: { readonly allowPrivate: boolean; readonly timeoutMs?: number }) {}

  async send(request: WebhookRequest): Promise<WebhookResponse> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const timeoutMs = this.options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
    let url: URL;
    let address: { address: string; family: number };
    try {
      url = checkTargetUrl(request.url, this.options.allowPrivate);
      address = await this.resolve(url.hostname.replace(/^\[|\]$/g, ''), timeoutMs);
    } catch (error) {
      return { statusCode: null, latencyMs: elapsed(), error: describe(error) };
    }
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if (options.all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [address]);
      else callback(null, address.address, address.family);
    };
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise<WebhookResponse>((resolve) => {
      let settled = false;
      const finish = (statusCode: number | null, error: string | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ statusCode, latencyMs: elapsed(), error });
      };
      const req = transport.request(
        url,
        {
          method: 'POST',
          headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
          lookup: pinned,
          agent: false,
        },
        (res) => {
          let bytes = 0;
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            if (bytes > MAX_RESPONSE_BYTES) res.destroy();
          });
          const code = res.statusCode ?? null;
          const error = code !== null && code >= 200 && code < 300 ? null : `the endpoint answered ${code}`;
          res.on('end', () => finish(code, error));
          res.on('close', () => finish(code, error));
          res.on('error', () => finish(code, error));
        },
      );
      // One budget for the whole attempt, name resolution included: 10 s from the start.
      const timer = setTimeout(
        () => {
          req.destroy();
          finish(null, `no answer within ${timeoutMs / 1000} s`);
        },
        Math.max(0, timeoutMs - elapsed()),
      );
      req.on('error', (error) => finish(null, describe(error)));
      req.end(request.body);
    });
  }

  private async resolve(host: string, timeoutMs: number): Promise<{ address: string; family: number }> {
    const family = isIP(host);
    const addresses =
      family !== 0
        ? [{ address: host, family }]
        : await Promise.race([
            lookup(host, { all: true, verbatim: true }),
            new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${host} did not resolve in time`)), timeoutMs).unref()),
          ]);
    const first = addresses[0];
    if (!first) throw new Error(`${host} resolved to no address`);
    if (!this.options.allowPrivate && addresses.some((a) => isForbiddenAddress(a.address))) {
      throw new Error(`refused: ${host} resolves to a private, loopback, link-local or metadata address`);
    }
    return first;
  }
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // Connection errors name the address; nothing else of the receiver's is kept.
  return message.slice(0, 300);
}
