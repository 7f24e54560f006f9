import fc from 'fast-check';
import type * as z from 'zod';
import { teamAppointmentsQuery } from '#shared/contracts/appointments';
import { teamLeadsQuery } from '#shared/contracts/leads';
import { bookingsQuery, crossTeamSessionsQuery, teamSessionsQuery } from '#shared/contracts/sessions';
import { parseOrThrow } from '#shared/http/validation';

/** `updated_since` (the change feeds, ADR 0147): an instant with a zone, alone with the scope. */
type Feed = readonly [string, z.core.$ZodType<{ readonly updated_since?: string | undefined }>, Readonly<Record<string, string>>];
const FEEDS: readonly Feed[] = [
  [
    'teamSessionsQuery',
    teamSessionsQuery,
    { status: 'booked', scheduler_id: '3', start_date: '2026-01-01T00:00:00Z', end_date: '2026-02-01T00:00:00Z' },
  ],
  ['crossTeamSessionsQuery', crossTeamSessionsQuery, { status: 'pending', scheduler_id: '1', start_date: '2026-01-01T00:00:00Z' }],
  ['bookingsQuery', bookingsQuery, { start_date: '2026-01-01T00:00:00Z', end_date: '2026-02-01T00:00:00Z' }],
  ['teamLeadsQuery', teamLeadsQuery, { type: 'call', external_id: 'x-1', end_date: '2026-02-01T00:00:00Z' }],
  ['teamAppointmentsQuery', teamAppointmentsQuery, { status: 'scheduled', start_date: '2026-01-01T00:00:00Z' }],
];

function errorOf(fn: () => unknown): { message: string; field?: string } {
  try {
    fn();
  } catch (error) {
    return error as { message: string; field?: string };
  }
  throw new Error('expected an error');
}

describe.each(FEEDS)('%s with updated_since', (_name, schema, filters) => {
  it('takes any instant with a zone, normalized to UTC milliseconds, and refuses anything else naming updated_since', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }),
        (date) => {
          const q = parseOrThrow(schema, { updated_since: date.toISOString().replace('Z', '+00:00') }, 'query');
          expect(q.updated_since).toBe(date.toISOString());
        },
      ),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        fc.pre(Number.isNaN(Date.parse(text)) || !/(Z|[+-]\d{2}:?\d{2})$/.test(text));
        const error = errorOf(() => parseOrThrow(schema, { updated_since: text }, 'query'));
        expect(error.message).toMatch(/^updated_since: /);
      }),
    );
  });

  it('refuses every other filter beside it, naming the filter', () => {
    fc.assert(
      fc.property(fc.subarray(Object.keys(filters), { minLength: 1 }), (names) => {
        const query = Object.fromEntries(names.map((name) => [name, filters[name]]));
        const error = errorOf(() => parseOrThrow(schema, { ...query, updated_since: '2026-01-01T00:00:00Z' }, 'query'));
        expect(names).toContain(error.message.split(':')[0]);
        expect(error.message).toContain('updated_since');
        // Without updated_since the same filters are fine.
        expect(() => parseOrThrow(schema, query, 'query')).not.toThrow();
      }),
    );
  });
});
