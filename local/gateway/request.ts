import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Context } from 'aws-lambda';
import type { Surface } from '#shared/routes';

/**
 * The request side of the local API Gateway (local/gateway/server.ts): from an incoming HTTP request to
 * the parts of the REST API proxy and REQUEST authorizer events (headers, query, body, identity
 * source, request and Lambda contexts), the way API Gateway builds them.
 */

/** API Gateway's payload limit. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;
export const STAGE = 'local';
export const ACCOUNT_ID = '000000000000';
export const REGION = 'local';

export function surfaceOfPath(pathname: string): Surface {
  if (pathname.startsWith('/api/outbound/')) return 'intake';
  if (pathname.startsWith('/v1/')) return 'platform';
  return 'read';
}

/**
 * The authorizer's identity source: every value of each declared identity header, read from the
 * same multi-value map the authorizer receives, so the cache key always covers what the authorizer
 * checked. Null when there are no identity headers, or one is missing or empty (API Gateway then
 * answers 401 without invoking the authorizer).
 */
export function identitySourceOf(multiValueHeaders: Record<string, string[]>, identityHeaders: readonly string[]): string | null {
  if (identityHeaders.length === 0) return null;
  const parts: string[] = [];
  for (const header of identityHeaders) {
    const lower = header.toLowerCase();
    const values = Object.entries(multiValueHeaders)
      .filter(([name]) => name.toLowerCase() === lower)
      .flatMap(([, list]) => list);
    if (values.length === 0 || values.every((v) => v.trim() === '')) return null;
    // Header values cannot hold a line feed, so the joined values cannot collide with another list.
    parts.push(`${lower}:${values.join('\n')}`);
  }
  return parts.join('\n');
}

/**
 * A map keyed by names the client chose (header and query parameter names): no prototype, so a
 * parameter named `constructor` or `__proto__` is a name like any other, not an inherited member.
 */
function clientKeyedRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** Header names keep their original case; the single-value map holds the last value, like API Gateway. */
export function collectHeaders(raw: string[]): { headers: Record<string, string>; multiValueHeaders: Record<string, string[]> } {
  const headers = clientKeyedRecord<string>();
  const multiValueHeaders = clientKeyedRecord<string[]>();
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    const value = raw[i + 1] as string;
    headers[name] = value;
    const list = multiValueHeaders[name];
    if (list) list.push(value);
    else multiValueHeaders[name] = [value];
  }
  return { headers, multiValueHeaders };
}

export function parseQuery(search: string): { single: Record<string, string>; multi: Record<string, string[]> } | null {
  if (search === '') return null;
  const single = clientKeyedRecord<string>();
  const multi = clientKeyedRecord<string[]>();
  let any = false;
  for (const [name, value] of new URLSearchParams(search)) {
    any = true;
    single[name] = value;
    const list = multi[name];
    if (list) list.push(value);
    else multi[name] = [value];
  }
  return any ? { single, multi } : null;
}

export const TOO_LARGE = Symbol('too large');

/** The body as a UTF-8 string (null when empty); bodies over 10 MB are drained and refused. */
export function readBody(req: IncomingMessage): Promise<string | null | typeof TOO_LARGE> {
  const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
  if (!hasBody || req.headers['content-length'] === '0') {
    req.resume();
    return Promise.resolve(null);
  }
  const declared = Number(req.headers['content-length']);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number.isFinite(declared) && declared > MAX_BODY_BYTES;
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) resolve(TOO_LARGE);
      else resolve(size === 0 ? null : Buffer.concat(chunks, size).toString('utf8'));
    });
    req.on('error', reject);
  });
}

export function drain(req: IncomingMessage): void {
  req.resume();
}

export function identityContext(sourceIp: string, userAgent: string | undefined) {
  return {
    accessKey: null,
    accountId: null,
    apiKey: null,
    apiKeyId: null,
    caller: null,
    clientCert: null,
    cognitoAuthenticationProvider: null,
    cognitoAuthenticationType: null,
    cognitoIdentityId: null,
    cognitoIdentityPoolId: null,
    principalOrgId: null,
    sourceIp,
    user: null,
    userAgent: userAgent ?? null,
    userArn: null,
  };
}

export function lambdaContext(functionName: string, deadline: number): Context {
  const name = `local-${functionName}`;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${REGION}:${ACCOUNT_ID}:function:${name}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
