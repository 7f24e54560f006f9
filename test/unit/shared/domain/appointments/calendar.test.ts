import { newAppointment, type StoredAppointment } from '#shared/domain/appointments/appointment';
import { calendarOf } from '#shared/domain/appointments/calendar';

function visit(startsAt: string, timeZone: string, overrides: Partial<StoredAppointment['appointment']> = {}): StoredAppointment {
  const appointment = newAppointment(
    {
      appointment_id: 'ses_cal',
      team_id: 1,
      scheduler_id: 11,
      channel: 'scheduling_widget',
      customer: { name: 'Dana', phone: null, email: null, address: '1 Main St, Chicago; IL' },
      service: 'AC Repair',
      starts_at: startsAt,
      time_zone: timeZone,
      duration_minutes: 90,
      lead: { id: null, lead_id: null },
      session_id: 'ses_cal',
      call_id: null,
    },
    'customer',
    '2026-11-20T10:00:00.000Z',
  );
  return {
    appointment: { ...appointment, ...overrides },
    manage: { nonce: 'n', tokenHash: 'h' },
    heldSlot: null,
    sessionStartedAt: null,
    version: 3,
  };
}

const unfolded = (ics: string) => ics.replace(/\r\n /g, '');

describe('an appointment as an iCalendar file', () => {
  it('puts the visit at its local time with its zone’s TZID, and ends it after its duration', () => {
    const ics = unfolded(
      calendarOf(visit('2026-11-26T15:00:00.000Z', 'America/Chicago'), {
        businessName: 'Summit',
        manageUrl: 'https://x.test/widget/manage/a.b',
      }),
    );
    expect(ics).toContain('DTSTART;TZID=America/Chicago:20261126T090000\r\n');
    expect(ics).toContain('DTEND;TZID=America/Chicago:20261126T103000\r\n');
    expect(ics).toContain('SEQUENCE:3\r\n');
    expect(ics).toContain('LOCATION:1 Main St\\, Chicago\\; IL\r\n');
    expect(ics).toContain('URL:https://x.test/widget/manage/a.b\r\n');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('describes the zone’s daylight-saving changes of the visit’s year in its VTIMEZONE', () => {
    const ics = calendarOf(visit('2026-11-26T15:00:00.000Z', 'America/Chicago'), { businessName: 'Summit', manageUrl: null });
    expect(ics).toContain(
      'BEGIN:DAYLIGHT\r\nDTSTART:20260308T020000\r\nTZOFFSETFROM:-0600\r\nTZOFFSETTO:-0500\r\nTZNAME:CDT\r\nEND:DAYLIGHT',
    );
    expect(ics).toContain(
      'BEGIN:STANDARD\r\nDTSTART:20261101T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0600\r\nTZNAME:CST\r\nEND:STANDARD',
    );
  });

  it('gives a zone without daylight saving one standard observance', () => {
    const ics = calendarOf(visit('2026-07-01T18:00:00.000Z', 'America/Phoenix'), { businessName: 'Summit', manageUrl: null });
    expect(ics).toContain('BEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:-0700\r\nTZOFFSETTO:-0700\r\nEND:STANDARD');
    expect(ics).not.toContain('DAYLIGHT');
  });

  it('marks a cancelled visit cancelled, and keeps every line within 75 octets', () => {
    const long = visit('2026-11-26T15:00:00.000Z', 'America/Chicago', { status: 'cancelled', service: 'Service '.repeat(30) });
    const ics = calendarOf(long, { businessName: 'Summit', manageUrl: null });
    expect(unfolded(ics)).toContain('STATUS:CANCELLED');
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });
});
