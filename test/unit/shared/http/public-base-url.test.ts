import type { APIGatewayProxyEvent } from 'aws-lambda';
import { publicBaseUrl } from '#shared/http/public-base-url';

function event(parts: { headers?: Record<string, string>; domainName?: string; contextPath?: string; path: string }): APIGatewayProxyEvent {
  return {
    headers: parts.headers ?? {},
    path: parts.path,
    requestContext: { domainName: parts.domainName, path: parts.contextPath ?? parts.path },
  } as unknown as APIGatewayProxyEvent;
}

describe('publicBaseUrl: links point back through the door the caller used', () => {
  it('keeps the stage of an execute-api URL', () => {
    const e = event({
      headers: { 'X-Forwarded-Proto': 'https' },
      domainName: 'abc123.execute-api.us-east-1.amazonaws.com',
      contextPath: '/prod/api/calls/c1',
      path: '/api/calls/c1',
    });
    expect(publicBaseUrl(e)).toBe('https://abc123.execute-api.us-east-1.amazonaws.com/prod');
  });

  it("keeps a custom domain's base path and drops nothing else", () => {
    const e = event({
      headers: { 'x-forwarded-proto': 'https' },
      domainName: 'api.example.com',
      contextPath: '/read/api/calls/c1',
      path: '/api/calls/c1',
    });
    expect(publicBaseUrl(e)).toBe('https://api.example.com/read');
  });

  it('answers plain http on the local gateway, which sends no X-Forwarded-Proto', () => {
    expect(publicBaseUrl(event({ headers: { Host: '127.0.0.1:3000' }, domainName: '127.0.0.1:3000', path: '/api/calls/c1' }))).toBe(
      'http://127.0.0.1:3000',
    );
  });

  it('never builds a link from the Host header or a scheme other than http(s)', () => {
    const e = event({ headers: { Host: 'evil.example', 'X-Forwarded-Proto': 'javascript' }, path: '/api/calls/c1' });

    expect(publicBaseUrl(e)).toBe('http://localhost');
  });
});
