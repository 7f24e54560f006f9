import { candidateZones, DEFAULT_SEND_WINDOW, nextSendInstant, windowFor } from '#shared/domain/sms/quiet-hours';

const iso = (d: Date) => d.toISOString();

describe('recipient time zones', () => {
  it('reads the zone from the area code', () => {
    expect(candidateZones('+12125550123', 'America/Chicago')).toEqual(['America/New_York']);
    expect(candidateZones('+13105550123', 'America/Chicago')).toEqual(['America/Los_Angeles']);
  });

  it('returns every zone of an area code that spans several', () => {
    expect(candidateZones('+12085550123', 'America/Chicago').sort()).toEqual(['America/Boise', 'America/Los_Angeles']);
  });

  it("falls back to the team's zone outside NANP", () => {
    expect(candidateZones('+442079460958', 'America/Chicago')).toEqual(['America/Chicago']);
  });
});

describe('nextSendInstant', () => {
  it('sends at once inside 8:00–21:00 local', () => {
    const now = new Date('2026-11-24T15:00:00Z'); // 10:00 New York
    expect(iso(nextSendInstant(['America/New_York'], DEFAULT_SEND_WINDOW, now))).toBe(iso(now));
  });

  it('defers a late-evening recipient to 8:00 the next local morning', () => {
    expect(iso(nextSendInstant(['America/New_York'], DEFAULT_SEND_WINDOW, new Date('2026-11-24T02:30:00Z')))).toBe(
      '2026-11-24T13:00:00.000Z',
    );
  });

  it('waits until the window is open in every candidate zone', () => {
    // 08:30 in Boise (MST) is 07:30 in Los Angeles: wait for 08:00 Los Angeles.
    expect(iso(nextSendInstant(['America/Boise', 'America/Los_Angeles'], DEFAULT_SEND_WINDOW, new Date('2026-11-24T15:30:00Z')))).toBe(
      '2026-11-24T16:00:00.000Z',
    );
  });

  it('uses the local offset of the day across the spring-forward change', () => {
    // Saturday 2026-03-07 22:00 EST → Sunday 08:00 EDT (UTC-4)
    expect(iso(nextSendInstant(['America/New_York'], DEFAULT_SEND_WINDOW, new Date('2026-03-08T03:00:00Z')))).toBe(
      '2026-03-08T12:00:00.000Z',
    );
  });

  it('uses the local offset of the day across the fall-back change', () => {
    // Saturday 2026-10-31 23:00 EDT → Sunday 08:00 EST (UTC-5)
    expect(iso(nextSendInstant(['America/New_York'], DEFAULT_SEND_WINDOW, new Date('2026-11-01T03:00:00Z')))).toBe(
      '2026-11-01T13:00:00.000Z',
    );
  });

  it('ends the window at 20:00 for Florida numbers', () => {
    const window = windowFor('+13055550123', DEFAULT_SEND_WINDOW);
    expect(window).toEqual({ startHour: 8, endHour: 20 });
    // 20:30 in Miami: deferred to 08:00
    expect(iso(nextSendInstant(['America/New_York'], window, new Date('2026-11-25T01:30:00Z')))).toBe('2026-11-25T13:00:00.000Z');
  });

  it('never drops a recipient: it always returns an instant', () => {
    expect(nextSendInstant(['Pacific/Guam', 'America/Adak'], DEFAULT_SEND_WINDOW, new Date('2026-11-24T15:00:00Z'))).toBeInstanceOf(Date);
  });
});
