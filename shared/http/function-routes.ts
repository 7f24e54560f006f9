import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { RouteDefinition, RouteId, RouteIdOfFunction } from '#shared/routes';

type ProxyHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/**
 * The handler of a function that serves several rows of the route table (the widget's API, a page
 * and its assets): one handler per row, keyed by its route id, chosen by the method and resource
 * API Gateway matched. The route table is the only list of routes: the compiler requires a handler
 * for every row that names the function and refuses one for a row that does not, and a request
 * for a resource no row of the function names is an error, never another route's answer. The
 * rows come from the function's area (shared/route-table/), so the function loads those, not the
 * whole table.
 */
export function functionRoutes<F extends string>(
  rows: readonly RouteDefinition<RouteId>[],
  functionName: F,
  handlers: { readonly [Id in RouteIdOfFunction<F>]: ProxyHandler },
): ProxyHandler {
  const entries: [string, ProxyHandler][] = Object.entries<ProxyHandler>(handlers);
  const byResource = new Map<string, ProxyHandler>(
    entries.map(([id, handler]) => {
      const route = rows.find((r) => r.id === id && r.functionName === functionName);
      if (!route) throw new Error(`${functionName} has a handler for ${id}, which is not one of its rows`);
      return [`${route.method} ${route.path}`, handler];
    }),
  );
  return async (event, context) => {
    const handler = byResource.get(`${event.httpMethod} ${event.resource}`);
    if (!handler) throw new Error(`${functionName} serves no route ${event.httpMethod} ${event.resource}`);
    return handler(event, context);
  };
}
