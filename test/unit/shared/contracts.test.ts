import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as z from 'zod/mini';
import { defineContract, type RouteContract } from '#shared/contracts/contract';
import { CONTRACTS, SCHEMA_COMPONENTS } from '#shared/contracts/index';
import { FINGERPRINT_HEADERS, IDEMPOTENCY_KEY_FIELD } from '#shared/http/idempotency-key';
import { isIdempotent, ROUTES } from '#shared/routes';

/** The contracts against the route table and the handlers: one contract per route, declared once. */

const ROOT = path.resolve(__dirname, '..', '..', '..');
const contracts: [string, RouteContract][] = Object.entries(CONTRACTS);
const contractOf = (id: string): RouteContract | undefined => contracts.find(([key]) => key === id)?.[1];
const headerNames = (contract: RouteContract | undefined) => Object.keys(contract?.headers?._zod.def.shape ?? {});

describe('the contracts', () => {
  it('give every route row exactly one contract, keyed by its id, and no contract to anything else', () => {
    expect(contracts.map(([id]) => id).sort()).toEqual(ROUTES.map((r) => r.id).sort());
    for (const [id, contract] of contracts) expect({ id, routeId: contract.routeId }).toEqual({ id, routeId: id });
    // The row a contract carries (from its area's rows) is the route table's own.
    for (const [id, contract] of contracts)
      expect({ id, row: contract.route === ROUTES.find((r) => r.id === id) }).toEqual({ id, row: true });
    expect(new Set(contracts.map(([, contract]) => contract)).size).toBe(contracts.length);
  });

  it('give a body exactly to the POST routes, each with a size limit', () => {
    for (const route of ROUTES) {
      const body = contractOf(route.id)?.body;
      expect({ route: route.id, body: body !== undefined }).toEqual({ route: route.id, body: route.method === 'POST' });
      if (body) expect(body.maxBytes).toBeGreaterThan(0);
    }
  });

  it('declare Idempotency-Key exactly on the routes whose row lists the idempotency table', () => {
    for (const route of ROUTES) {
      const declares = headerNames(contractOf(route.id)).includes(IDEMPOTENCY_KEY_FIELD);
      expect({ route: route.id, declares }).toEqual({ route: route.id, declares: isIdempotent(route) });
    }
  });

  it('put every x- header a route takes into the idempotency fingerprint', () => {
    const declared = new Set(contracts.flatMap(([, contract]) => headerNames(contract)).filter((name) => name.startsWith('x-')));
    expect(declared.size).toBeGreaterThan(0);
    expect([...declared].filter((name) => !(FINGERPRINT_HEADERS as readonly string[]).includes(name))).toEqual([]);
  });

  it('write header messages whole, naming the header (they are not prefixed with the field)', () => {
    for (const [id, contract] of contracts) {
      for (const [name, schema] of Object.entries(contract.headers?._zod.def.shape ?? {})) {
        for (const value of [undefined, '', '   ', 'abc', '-1', 'x'.repeat(300)]) {
          const result = z.safeParse(schema, value);
          if (result.success) continue;
          const message = result.error.issues[0]?.message ?? '';
          expect({ id, name, value, names: message.toLowerCase().includes(name.toLowerCase()) }).toEqual({
            id,
            name,
            value,
            names: true,
          });
        }
      }
    }
  });

  it('are what every handler passes to createHttpHandler; no handler restates its surface or route id', () => {
    for (const route of ROUTES) {
      const source = readFileSync(path.join(ROOT, 'functions', route.functionName, 'handler.ts'), 'utf8');
      expect({ route: route.id, contract: /from '#shared\/contracts\/[a-z-]+'/.test(source) }).toEqual({
        route: route.id,
        contract: true,
      });
      expect({ route: route.id, restated: /\b(surface|routeId):/.test(source) }).toEqual({ route: route.id, restated: false });
    }
  });

  it('build what a route answers on first use only, and the same schema every time after', () => {
    // Loading every contract module runs no response builder: no function builds them at cold start.
    jest.isolateModules(() => {
      let built = 0;
      jest.doMock('#shared/lazy', () => ({
        ...jest.requireActual<typeof import('#shared/lazy')>('#shared/lazy'),
        lazy: <T>(build: () => T) =>
          jest.requireActual<typeof import('#shared/lazy')>('#shared/lazy').lazy(() => {
            built += 1;
            return build();
          }),
      }));
      const isolated = jest.requireActual<typeof import('#shared/contracts/index')>('#shared/contracts/index');
      expect(built).toBe(0);
      // A fresh module registry: the classic API has not been handed over (test/setup-env.js) yet.
      expect(() => isolated.CONTRACTS.listTeams.responses[200]?.()).toThrow(/provideResponseZod/);
      jest
        .requireActual<typeof import('#shared/contracts/contract')>('#shared/contracts/contract')
        .provideResponseZod(jest.requireActual('zod'));
      isolated.CONTRACTS.listTeams.responses[200]?.();
      expect(built).toBeGreaterThan(0);
    });
    // The document names components by identity: every call answers the instance the first built.
    const schemas = [
      ...Object.values(SCHEMA_COMPONENTS),
      ...contracts.flatMap(([, contract]) => [
        ...Object.values(contract.responses),
        ...Object.values(contract.errors ?? {}).flatMap((error) => (typeof error === 'string' ? [] : [error.schema])),
        ...(contract.body?.documentedAs ? [contract.body.documentedAs] : []),
      ]),
    ];
    expect(schemas.length).toBeGreaterThan(contracts.length);
    for (const schema of schemas) expect(schema()).toBe(schema());
  });
});

describe('defineContract', () => {
  it('refuses, at load, a route id that is not among the rows it is given', () => {
    const otherRows = ROUTES.filter((r) => r.id !== 'listTeams');
    expect(() => defineContract(otherRows, { routeId: 'listTeams', responses: {} })).toThrow(
      'no row listTeams among the rows given to its contract',
    );
  });
});
