import type * as z from 'zod';
import { crossTeamFunnelQuery, funnelQuery, schedulerAnalyticsQuery } from '#shared/contracts/analytics';
import { callsQuery } from '#shared/contracts/calls';
import { teamLeadsQuery, unifiedLeadsQuery } from '#shared/contracts/leads';
import { crossTeamSessionsQuery, teamSessionsQuery } from '#shared/contracts/sessions';
import { supportTicketsQuery } from '#shared/contracts/support-tickets';
import { parseOrThrow } from '#shared/http/validation';
import { MAX_RANGE_DAYS } from '#shared/schemas/query-parts';

function errorOf(fn: () => unknown): { message: string; field?: string } {
  try {
    fn();
  } catch (error) {
    return error as { message: string; field?: string };
  }
  throw new Error('expected an error');
}

describe('read-route query validation', () => {
  it('applies the v1 default limit of 50', () => {
    expect(parseOrThrow(teamSessionsQuery, {}, 'query').limit).toBe(50);
  });

  it.each([
    ['501', 'limit: must be at most 500'],
    ['0', 'limit: must be at least 1'],
    ['ten', 'limit: must be an integer'],
  ])('refuses limit=%s naming the bound', (limit, message) => {
    const error = errorOf(() => parseOrThrow(teamSessionsQuery, { limit }, 'query'));
    expect(error.message).toBe(message);
    expect(error.field).toBe('limit');
  });

  it('refuses a negative offset on v0 lists', () => {
    expect(errorOf(() => parseOrThrow(schedulerAnalyticsQuery, { offset: '-1' }, 'query')).message).toBe('offset: must be 0 or greater');
  });

  it('refuses a v0 limit above 1000', () => {
    expect(errorOf(() => parseOrThrow(schedulerAnalyticsQuery, { limit: '1001' }, 'query')).message).toBe('limit: must be at most 1000');
  });

  it('normalizes ISO 8601 date-times with offsets to UTC', () => {
    const q = parseOrThrow(teamSessionsQuery, { start_date: '2026-03-01T00:00:00-05:00' }, 'query');
    expect(q.start_date).toBe('2026-03-01T05:00:00.000Z');
  });

  it.each(['2026-03-01', 'yesterday', '2026-13-01T00:00:00Z', '2026-03-01T00:00:00'])(
    'refuses the date-time %p naming start_date',
    (value) => {
      expect(errorOf(() => parseOrThrow(teamSessionsQuery, { start_date: value }, 'query')).field).toBe('start_date');
    },
  );

  it('refuses a start_date that is not before end_date', () => {
    const error = errorOf(() =>
      parseOrThrow(teamSessionsQuery, { start_date: '2026-03-02T00:00:00Z', end_date: '2026-03-01T00:00:00Z' }, 'query'),
    );
    expect(error.message).toBe('start_date: start_date must be before end_date');
  });

  it('refuses an unknown status naming the allowed values', () => {
    expect(errorOf(() => parseOrThrow(teamSessionsQuery, { status: 'done' }, 'query')).message).toBe(
      'status: must be one of booked, dropped_off, pending',
    );
  });

  it('refuses an unknown IANA time zone', () => {
    expect(errorOf(() => parseOrThrow(schedulerAnalyticsQuery, { timezone: 'Mars/Olympus' }, 'query')).field).toBe('timezone');
  });

  it('accepts exactly the eight block names in metrics and keeps the documented order', () => {
    expect(parseOrThrow(schedulerAnalyticsQuery, { metrics: 'customerEvents,funnel' }, 'query').metrics).toEqual([
      'funnel',
      'customerEvents',
    ]);
    expect(parseOrThrow(schedulerAnalyticsQuery, {}, 'query').metrics).toHaveLength(8);
  });

  it('refuses an unknown block name in metrics, naming it', () => {
    const error = errorOf(() => parseOrThrow(schedulerAnalyticsQuery, { metrics: 'funnel,revenue' }, 'query'));
    expect(error.field).toBe('metrics');
    expect(error.message).toMatch(/unknown block revenue/);
  });
});

describe('date range bounds', () => {
  const DAY = 86_400_000;
  const end = '2026-11-01T00:00:00.000Z';
  const startBefore = (ms: number) => new Date(Date.parse(end) - ms).toISOString();
  const bounded: Record<string, z.core.$ZodType<{ start_date?: string; end_date?: string }>> = {
    schedulerAnalyticsQuery,
    funnelQuery,
    crossTeamFunnelQuery,
    unifiedLeadsQuery,
    callsQuery,
  };

  it.each(Object.entries(bounded))('%s accepts a range of exactly 366 days', (_name, schema) => {
    const q = parseOrThrow(schema, { start_date: startBefore(MAX_RANGE_DAYS * DAY), end_date: end }, 'query');
    expect(q.start_date).toBe('2025-10-31T00:00:00.000Z');
  });

  it.each(Object.entries(bounded))('%s refuses a range one millisecond wider, naming end_date', (_name, schema) => {
    const error = errorOf(() => parseOrThrow(schema, { start_date: startBefore(MAX_RANGE_DAYS * DAY + 1), end_date: end }, 'query'));
    expect(error).toMatchObject({ field: 'end_date', message: 'end_date: the range may span at most 366 days' });
  });

  it('refuses the 0001–9999 chartData reproduction naming end_date', () => {
    const error = errorOf(() =>
      parseOrThrow(
        schedulerAnalyticsQuery,
        { metrics: 'chartData', start_date: '0001-01-01T00:00:00Z', end_date: '9999-12-31T00:00:00Z' },
        'query',
      ),
    );
    expect(error).toMatchObject({ field: 'end_date', message: 'end_date: the range may span at most 366 days' });
  });

  it('counts a lone start_date up to now and names start_date', () => {
    const error = errorOf(() => parseOrThrow(unifiedLeadsQuery, { start_date: '2000-01-01T00:00:00Z' }, 'query'));
    expect(error).toMatchObject({
      field: 'start_date',
      message: 'start_date: the range may span at most 366 days (end_date defaults to now)',
    });
  });

  it('accepts a lone end_date in any era (the default range is the 7 days before it)', () => {
    expect(parseOrThrow(callsQuery, { end_date: '0001-01-08T00:00:00Z' }, 'query').end_date).toBe('0001-01-08T00:00:00.000Z');
  });

  const cursorLists: Record<string, z.core.$ZodType<{ start_date?: string; end_date?: string }>> = {
    teamSessionsQuery,
    crossTeamSessionsQuery,
    teamLeadsQuery,
    supportTicketsQuery,
  };
  it.each(Object.entries(cursorLists))('%s (a cursor list: one page of reads whatever the range) accepts 0001–9999', (_name, schema) => {
    const q = parseOrThrow(schema, { start_date: '0001-01-01T00:00:00Z', end_date: '9999-12-31T00:00:00Z' }, 'query');
    expect(q.end_date).toBe('9999-12-31T00:00:00.000Z');
  });
});
