import { dayBuckets } from '#shared/domain/analytics-chart';

describe('dayBuckets', () => {
  it('makes a 23-hour day on the spring-forward date in New York', () => {
    const days = dayBuckets('2026-03-08T05:00:00.000Z', '2026-03-10T04:00:00.000Z', 'America/New_York');
    expect(days.map((d) => d.date)).toEqual(['2026-03-08', '2026-03-09']);
    const first = days[0];
    const second = days[1];
    expect(first && second && (second.startMs - first.startMs) / 3_600_000).toBe(23);
  });

  it('makes a 25-hour day on the fall-back date in New York', () => {
    const days = dayBuckets('2026-11-01T04:00:00.000Z', '2026-11-03T05:00:00.000Z', 'America/New_York');
    const first = days[0];
    const second = days[1];
    expect(first?.date).toBe('2026-11-01');
    expect(first && second && (second.startMs - first.startMs) / 3_600_000).toBe(25);
  });

  it('starts with the local day that contains the range start', () => {
    const days = dayBuckets('2026-06-01T02:00:00.000Z', '2026-06-01T10:00:00.000Z', 'America/Los_Angeles');
    expect(days.map((d) => d.date)).toEqual(['2026-05-31', '2026-06-01']);
  });
});
