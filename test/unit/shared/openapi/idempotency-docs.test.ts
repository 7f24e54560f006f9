import { buildOpenApiDocument } from '#shared/openapi/document';
import { isIdempotent, ROUTES } from '#shared/routes';

/** The API description of Idempotency-Key: the header, the replay header and the answers it adds. */

const doc = buildOpenApiDocument();

interface Operation {
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  responses: Record<string, { description?: string; headers?: Record<string, unknown> }>;
}

function operation(route: (typeof ROUTES)[number]): Operation {
  const op = doc.paths[route.path]?.[route.method.toLowerCase()] as Operation | undefined;
  if (!op) throw new Error(`no operation for ${route.id}`);
  return op;
}

describe('Idempotency-Key in the API description', () => {
  it('documents the optional header, at most 255 characters, on exactly the idempotent routes', () => {
    for (const route of ROUTES) {
      const parameter = operation(route).parameters?.find((p) => p.name === 'Idempotency-Key');
      if (isIdempotent(route)) {
        expect({ route: route.id, parameter }).toMatchObject({
          route: route.id,
          parameter: { in: 'header', required: false, schema: { type: 'string', minLength: 1, maxLength: 255 } },
        });
      } else {
        expect({ route: route.id, parameter }).toEqual({ route: route.id, parameter: undefined });
      }
    }
  });

  it('marks replays with Idempotent-Replayed on the success answers of those routes', () => {
    expect(doc.components.headers.IdempotentReplayed).toMatchObject({ schema: { enum: ['true'] } });
    for (const route of ROUTES.filter(isIdempotent)) {
      const successes = Object.entries(operation(route).responses).filter(([status]) => status.startsWith('2'));
      expect(successes.length).toBeGreaterThan(0);
      for (const [status, response] of successes) {
        expect({ route: route.id, status, header: response.headers?.['idempotent-replayed'] }).toEqual({
          route: route.id,
          status,
          header: { $ref: '#/components/headers/IdempotentReplayed' },
        });
      }
    }
  });

  it('documents 409 while in progress and 422 for reuse, keeping what a route already says about 409', () => {
    for (const route of ROUTES.filter(isIdempotent)) {
      const { responses } = operation(route);
      expect(responses['422']?.description).toMatch(/Idempotency-Key was already used for a different request/);
      expect(responses['409']?.description).toMatch(/same Idempotency-Key is still being processed/);
      expect(responses['400']?.description).toMatch(/Idempotency-Key is empty or longer than 255 characters/);
    }
    const cancel = ROUTES.find((r) => r.id === 'cancelSmsCampaign');
    if (!cancel) throw new Error('no cancel route');
    expect(operation(cancel).responses['409']?.description).toMatch(
      /already completed or cancelled.*; or a request with the same Idempotency-Key/,
    );
  });

  it('explains the semantics in the API description', () => {
    expect(doc.info.description).toContain('## Idempotency');
    expect(doc.info.description).toMatch(/Only 2xx answers are stored/);
  });
});
