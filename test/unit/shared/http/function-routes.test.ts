import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { functionRoutes } from '#shared/http/function-routes';
import { PAGE_ROUTES } from '#shared/route-table/pages';
import { ROUTES } from '#shared/routes';
import { proxyEvent } from '../../../support/api-gateway-event';

const answering = (body: string) => async (_event: APIGatewayProxyEvent, _context: Context) => ({ statusCode: 200, body });
const handler = functionRoutes(PAGE_ROUTES, 'get-console', { getConsole: answering('page'), getConsoleAsset: answering('asset') });
const call = (httpMethod: string, resource: string) => handler(proxyEvent({ httpMethod, resource, path: resource }), {} as Context);

describe('functionRoutes', () => {
  it('answers each request with the handler of the row whose method and resource API Gateway matched', async () => {
    expect((await call('GET', '/console')).body).toBe('page');
    expect((await call('GET', '/console/assets/{file}')).body).toBe('asset');
  });

  it('refuses a resource or a method no row of the function names, rather than answering with another route', async () => {
    await expect(call('GET', '/console/other')).rejects.toThrow('get-console serves no route GET /console/other');
    await expect(call('POST', '/console')).rejects.toThrow('get-console serves no route POST /console');
  });

  it("refuses, at load, rows that do not name the function: a handler is the route's own or none", () => {
    const otherArea = ROUTES.filter((r) => r.functionName !== 'get-console');
    expect(() => functionRoutes(otherArea, 'get-console', { getConsole: answering('page'), getConsoleAsset: answering('asset') })).toThrow(
      'get-console has a handler for getConsole, which is not one of its rows',
    );
  });
});
