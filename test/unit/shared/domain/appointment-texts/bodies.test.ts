import fc from 'fast-check';
import { DateTime } from 'luxon';
import { changeBody, confirmationBody, REPLY_CHOICES, reminderBody, visitTime } from '#shared/domain/appointment-texts/bodies';
import type { AppointmentNotice } from '#shared/domain/appointment-texts/notice';

const notice: AppointmentNotice = {
  teamId: 7,
  appointmentId: 'apt_1',
  phone: '+12125550100',
  businessName: 'Rapid Rooter Plumbing',
  service: 'Drain cleaning',
  start: '2026-03-10T18:30:00.000Z',
  zone: 'America/New_York',
  manageUrl: 'https://svc.example.com/widget/manage/abc',
};

describe('the visit time in a text', () => {
  it('shows the local time with the abbreviation in force at the visit, either side of a DST change', async () => {
    // 8 March 2026 is the US spring-forward day.
    expect(await visitTime('2026-03-07T19:30:00.000Z', 'America/New_York')).toBe('Sat, Mar 7 at 2:30 PM EST');
    expect(await visitTime('2026-03-09T18:30:00.000Z', 'America/New_York')).toBe('Mon, Mar 9 at 2:30 PM EDT');
    // 1 November 2026 falls back: 1:30 happens twice, each shows its own offset.
    expect(await visitTime('2026-11-01T05:30:00.000Z', 'America/New_York')).toBe('Sun, Nov 1 at 1:30 AM EDT');
    expect(await visitTime('2026-11-01T06:30:00.000Z', 'America/New_York')).toBe('Sun, Nov 1 at 1:30 AM EST');
  });

  it('reads the date in the visit’s zone, not UTC, and each zone its own abbreviation', async () => {
    // 02:00 UTC on the 11th is still the 10th on the West Coast.
    expect(await visitTime('2026-06-11T02:00:00.000Z', 'America/Los_Angeles')).toBe('Wed, Jun 10 at 7:00 PM PDT');
    expect(await visitTime('2026-06-11T02:00:00.000Z', 'America/Phoenix')).toBe('Wed, Jun 10 at 7:00 PM MST');
    expect(await visitTime('2026-06-10T22:00:00.000Z', 'Pacific/Honolulu')).toBe('Wed, Jun 10 at 12:00 PM HST');
    expect(await visitTime('2026-01-15T15:00:00.000Z', 'America/Chicago')).toBe('Thu, Jan 15 at 9:00 AM CST');
  });

  it('refuses a start that is not an instant, or an unknown zone, rather than texting "Invalid DateTime"', async () => {
    await expect(visitTime('tomorrow', 'America/New_York')).rejects.toThrow(/not a time/);
    await expect(visitTime(notice.start, 'Mars/Olympus_Mons')).rejects.toThrow(/not a time/);
  });

  it('always shows the hour and minute the visit has in its zone (property)', async () => {
    const zones = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'Pacific/Honolulu'];
    await fc.assert(
      fc.asyncProperty(
        fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom(...zones),
        async (at, zone) => {
          const local = DateTime.fromJSDate(at, { zone });
          const shown = await visitTime(at.toISOString(), zone);
          expect(shown).toContain(`${local.toFormat('h:mm a')} `);
          expect(shown.startsWith(local.setLocale('en-US').toFormat('ccc, LLL d'))).toBe(true);
          expect(shown).toMatch(/ [A-Z]{3,4}$/);
        },
      ),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 300) },
    );
  });
});

describe('the texts', () => {
  it('confirms with the business, the service, the local time, the manage link and the reply choices', async () => {
    expect(await confirmationBody(notice)).toBe(
      'Rapid Rooter Plumbing: your Drain cleaning visit is booked for Tue, Mar 10 at 2:30 PM EDT. Manage it: https://svc.example.com/widget/manage/abc Reply C to confirm, R to reschedule. STOP to opt out.',
    );
  });

  it('reminds with the same facts and choices, without repeating the opt-out line', async () => {
    const body = await reminderBody(notice);
    expect(body).toContain('Rapid Rooter Plumbing reminder');
    expect(body).toContain('Tue, Mar 10 at 2:30 PM EDT');
    expect(body).toContain(notice.manageUrl);
    expect(body).toContain(REPLY_CHOICES);
    expect(body).not.toContain('STOP');
  });

  it('tells a moved visit from where to where, and a cancelled one without a link to manage', async () => {
    expect(await changeBody(notice, { kind: 'rescheduled', previousStart: '2026-03-06T15:00:00.000Z' })).toBe(
      'Rapid Rooter Plumbing: your Drain cleaning visit moved from Fri, Mar 6 at 10:00 AM EST to Tue, Mar 10 at 2:30 PM EDT. Manage it: https://svc.example.com/widget/manage/abc',
    );
    const cancelled = await changeBody(notice, { kind: 'cancelled' });
    expect(cancelled).toContain('visit on Tue, Mar 10 at 2:30 PM EDT is cancelled');
    expect(cancelled).not.toContain(notice.manageUrl);
  });
});
