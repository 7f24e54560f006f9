import { parseOrThrow } from '../../shared/http/validation';
import { schedulerAnalyticsQuery, teamSessionsQuery } from '../../shared/schemas/queries';

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
