import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { GATEWAY_RESPONSES, type GatewayResponseKind, gatewayResponseBody, gatewayResponseHeaders } from '#shared/http/gateway-responses';
import { JSON_ANSWER_HEADERS } from '#shared/http/json-answer-headers';
import type { Surface } from '#shared/routes';

/**
 * The response side of the local API Gateway (local/gateway/server.ts): a Lambda proxy result checked and
 * turned into the HTTP answer as API Gateway does, and the answers the gateway gives itself
 * (gateway responses in the surface's error shape).
 */

/**
 * Checks a Lambda proxy result as API Gateway does: an object with an integer statusCode, a string
 * body (absent means empty) and scalar header values; anything else is a malformed response (502).
 */
export function toHttpResponse(
  result: unknown,
  requestId: string,
): { statusCode: number; headers: OutgoingHttpHeaders; body: string | Buffer } | null {
  if (!isRecord(result)) return null;
  const { statusCode, body, headers, multiValueHeaders, isBase64Encoded } = result as Partial<APIGatewayProxyResult> & {
    multiValueHeaders?: unknown;
  };
  if (typeof statusCode !== 'number' || !Number.isInteger(statusCode) || statusCode < 100 || statusCode > 599) return null;
  if (body !== undefined && body !== null && typeof body !== 'string') return null;
  const out: OutgoingHttpHeaders = {};
  const seen = new Set<string>();
  if (multiValueHeaders !== undefined && multiValueHeaders !== null) {
    if (!isRecord(multiValueHeaders)) return null;
    for (const [name, values] of Object.entries(multiValueHeaders)) {
      if (!Array.isArray(values) || !values.every(isScalar)) return null;
      out[name] = values.map(String);
      seen.add(name.toLowerCase());
    }
  }
  if (headers !== undefined && headers !== null) {
    if (!isRecord(headers)) return null;
    for (const [name, value] of Object.entries(headers)) {
      if (!isScalar(value)) return null;
      // Like API Gateway, a single-value header replaces the multi-value one of the same name.
      const lower = name.toLowerCase();
      if (seen.has(lower)) for (const existing of Object.keys(out)) if (existing.toLowerCase() === lower) delete out[existing];
      out[name] = String(value);
      seen.add(lower);
    }
  }
  if (!seen.has('x-request-id')) out['x-request-id'] = requestId;
  // API Gateway adds its request id to every answer.
  out['x-amzn-requestid'] = requestId;
  if (!seen.has('content-type')) out['content-type'] = 'application/json';
  const text = typeof body === 'string' ? body : '';
  const payload = isBase64Encoded === true ? Buffer.from(text, 'base64') : text;
  if (!seen.has('content-length')) out['content-length'] = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  return { statusCode, headers: out, body: payload };
}

export function sendGateway(
  res: ServerResponse,
  surface: Surface,
  kind: GatewayResponseKind,
  requestId: string,
  statusCode?: number,
): void {
  for (const [name, value] of Object.entries(gatewayResponseHeaders(kind))) res.setHeader(name, value);
  sendJson(res, statusCode ?? GATEWAY_RESPONSES[kind].statusCode ?? 400, gatewayResponseBody(surface, kind, requestId), requestId);
}

/**
 * An answer the gateway gives itself. Like API Gateway's gateway responses it carries the request
 * id in the body and as `x-amzn-RequestId`, not as `x-request-id`: API Gateway cannot map that
 * header from the request id (lib/api.ts addGatewayResponses), so neither does the local gateway.
 */
export function sendJson(res: ServerResponse, statusCode: number, body: unknown, requestId: string): void {
  const text = JSON.stringify(body);
  res.writeHead(statusCode, {
    'content-type': 'application/json',
    ...JSON_ANSWER_HEADERS,
    'content-length': Buffer.byteLength(text),
    'x-amzn-requestid': requestId,
  });
  res.end(text);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
