import fc from 'fast-check';
import { DateTime } from 'luxon';
import { FEDERAL_RULE, firstSendTime, rulesFor, STATE_RULES, statesOf } from '#shared/domain/sms/calling-hours';
import { easterSunday, holidayOn } from '#shared/domain/sms/holidays';
import { candidateZones } from '#shared/domain/sms/quiet-hours';
import { sendPolicy, sendTimeFor } from '#shared/domain/sms-campaigns/campaign-schedule';
import { DEFAULT_MESSAGING_CONFIG, type MessagingConfig } from '#shared/domain/sms-campaigns/messaging-config';
import type { Team } from '#shared/domain/tenancy';

const team = { id: 1, name: 'Team', timezone: 'America/New_York' } as Team;

/** When a marketing text to `phone` asked for at `iso` may first go out, and the rule that says so. */
function solicitation(phone: string, iso: string, config: MessagingConfig = DEFAULT_MESSAGING_CONFIG) {
  const t = sendTimeFor(phone, sendPolicy(team, config, { campaign_type: 'marketing', respectQuietHours: true }), new Date(iso));
  return { at: t.sendAt.toISOString(), rule: t.rule };
}

// The week of 23 November 2026: Thursday 26 is Thanksgiving, Sunday 29, Monday 30.
describe('calling-hours rules, one per state (recipient local time)', () => {
  it('federal default: 8:00–21:00 where no state rule applies (New York)', () => {
    expect(solicitation('+12125550100', '2026-11-30T12:30:00Z')).toEqual({ at: '2026-11-30T13:00:00.000Z', rule: 'federal Monday 8:00' });
    expect(solicitation('+12125550100', '2026-12-01T01:30:00Z')).toEqual({
      at: '2026-12-01T01:30:00.000Z',
      rule: 'federal Monday 8:00–21:00',
    });
  });

  it('FL: 8:00–20:00 (a Miami number at 20:30 waits for 8:00)', () => {
    expect(solicitation('+13055550100', '2026-12-01T01:30:00Z')).toEqual({ at: '2026-12-01T13:00:00.000Z', rule: 'FL Tuesday 8:00' });
    expect(solicitation('+13055550100', '2026-11-30T14:00:00Z').rule).toBe('FL Monday 8:00–20:00');
  });

  it('OK: 8:00–20:00 (Oklahoma City, Central time)', () => {
    expect(solicitation('+14055550100', '2026-12-01T02:15:00Z')).toEqual({ at: '2026-12-01T14:00:00.000Z', rule: 'OK Tuesday 8:00' });
  });

  it('MD: 8:00–20:00 (Baltimore at 20:00 sharp is closed)', () => {
    expect(solicitation('+14105550100', '2026-12-01T01:00:00Z')).toEqual({ at: '2026-12-01T13:00:00.000Z', rule: 'MD Tuesday 8:00' });
  });

  it('TX weekday: 9:00–21:00 Monday to Saturday (Austin at 8:30 waits for 9:00)', () => {
    expect(solicitation('+15125550100', '2026-11-30T14:30:00Z')).toEqual({ at: '2026-11-30T15:00:00.000Z', rule: 'TX Monday 9:00' });
    expect(solicitation('+15125550100', '2026-11-29T02:30:00Z').rule).toBe('TX Saturday 9:00–21:00');
  });

  it('TX Sunday: 12:00–21:00 (Austin on Sunday at 10:00 waits for noon)', () => {
    expect(solicitation('+15125550100', '2026-11-29T16:00:00Z')).toEqual({ at: '2026-11-29T18:00:00.000Z', rule: 'TX Sunday 12:00' });
  });

  it('TX: El Paso (915) keeps its own Mountain time', () => {
    expect(solicitation('+19155550100', '2026-11-30T15:30:00Z')).toEqual({ at: '2026-11-30T16:00:00.000Z', rule: 'TX Monday 9:00' });
  });

  it('CT: 9:00–20:00 (Hartford at 8:30 waits for 9:00, at 20:15 for the next morning)', () => {
    expect(solicitation('+18605550100', '2026-11-30T13:30:00Z')).toEqual({ at: '2026-11-30T14:00:00.000Z', rule: 'CT Monday 9:00' });
    expect(solicitation('+18605550100', '2026-12-01T01:15:00Z')).toEqual({ at: '2026-12-01T14:00:00.000Z', rule: 'CT Tuesday 9:00' });
  });

  it('AL Sunday: no texts on Sundays (Birmingham on Sunday waits for Monday 8:00)', () => {
    expect(solicitation('+12055550100', '2026-11-29T16:00:00Z')).toEqual({ at: '2026-11-30T14:00:00.000Z', rule: 'AL Monday 8:00' });
  });

  it('AL holiday: no texts on Thanksgiving, nor on Memorial Day', () => {
    expect(solicitation('+12055550100', '2026-11-26T16:00:00Z')).toEqual({ at: '2026-11-27T14:00:00.000Z', rule: 'AL Friday 8:00' });
    expect(solicitation('+12055550100', '2026-05-25T15:00:00Z')).toEqual({ at: '2026-05-26T13:00:00.000Z', rule: 'AL Tuesday 8:00' });
  });

  it('AL holiday observed: Independence Day on a Saturday closes Friday 3 July 2026 too', () => {
    expect(solicitation('+12055550100', '2026-07-03T15:00:00Z')).toEqual({ at: '2026-07-06T13:00:00.000Z', rule: 'AL Monday 8:00' });
  });

  it('LA holiday: no texts on Mardi Gras (computed from Easter)', () => {
    expect(solicitation('+15045550100', '2026-02-17T16:00:00Z')).toEqual({ at: '2026-02-18T14:00:00.000Z', rule: 'LA Wednesday 8:00' });
  });

  it('LA Sunday: no texts on Sundays', () => {
    expect(solicitation('+15045550100', '2026-11-29T16:00:00Z')).toEqual({ at: '2026-11-30T14:00:00.000Z', rule: 'LA Monday 8:00' });
  });

  it('MS: 8:00–20:00, no Sundays, but legal holidays are open', () => {
    expect(solicitation('+16015550100', '2026-11-29T16:00:00Z')).toEqual({ at: '2026-11-30T14:00:00.000Z', rule: 'MS Monday 8:00' });
    expect(solicitation('+16015550100', '2026-11-26T16:00:00Z').at).toBe('2026-11-26T16:00:00.000Z');
  });

  it('an area code that spans zones waits until the window is open in every one (Idaho 208)', () => {
    // 08:30 in Boise (MST) is 07:30 in Los Angeles: wait for 08:00 Los Angeles.
    expect(solicitation('+12085550100', '2026-11-24T15:30:00Z').at).toBe('2026-11-24T16:00:00.000Z');
  });

  it('uses the day’s own offset across the spring-forward change', () => {
    expect(solicitation('+12125550100', '2026-03-08T03:00:00Z').at).toBe('2026-03-08T12:00:00.000Z');
  });

  it("narrows further to the team's own quiet hours, and names them when they bind", () => {
    const config = { ...DEFAULT_MESSAGING_CONFIG, quiet_hours: { start_hour: 10, end_hour: 18 } };
    expect(solicitation('+12125550100', '2026-11-30T14:00:00Z', config)).toEqual({
      at: '2026-11-30T15:00:00.000Z',
      rule: 'team Monday 10:00',
    });
  });
});

describe('which campaign types the rules bind', () => {
  const at = new Date('2026-11-29T16:00:00Z'); // Sunday 10:00 in Austin
  it('an appointment reminder is no solicitation: only the team’s quiet hours apply', () => {
    const policy = sendPolicy(team, DEFAULT_MESSAGING_CONFIG, { campaign_type: 'appointment_reminder', respectQuietHours: true });
    expect(sendTimeFor('+15125550100', policy, at)).toEqual({ sendAt: at, rule: 'team Sunday 8:00–21:00' });
  });

  it('an operator can make a type a solicitation for a team', () => {
    const config = { ...DEFAULT_MESSAGING_CONFIG, solicitation_overrides: { appointment_reminder: true } };
    const policy = sendPolicy(team, config, { campaign_type: 'appointment_reminder', respectQuietHours: true });
    expect(sendTimeFor('+15125550100', policy, at).rule).toBe('TX Sunday 12:00');
  });

  it('respect_quiet_hours false lifts every hour rule', () => {
    const policy = sendPolicy(team, DEFAULT_MESSAGING_CONFIG, { campaign_type: 'marketing', respectQuietHours: false });
    expect(sendTimeFor('+15125550100', policy, at)).toEqual({ sendAt: at, rule: 'none' });
  });
});

describe('states from area codes', () => {
  it('reads the state a number’s area code presumes, none outside the listed states or NANP', () => {
    expect(statesOf('+17275550100')).toEqual(['FL']);
    expect(statesOf('+17285550100')).toEqual(['FL']);
    expect(statesOf('+12125550100')).toEqual([]);
    expect(statesOf('+442079460958')).toEqual([]);
    expect(rulesFor('+19725550100').map((r) => r.jurisdiction)).toEqual(['federal', 'TX']);
  });

  it('cites a source for every rule', () => {
    for (const rule of [FEDERAL_RULE, ...Object.values(STATE_RULES)]) expect(rule.source).toMatch(/\S{3,}/);
  });
});

describe('holidays, computed for any year', () => {
  it('finds Easter by the Gregorian computus', () => {
    expect(['2025', '2026', '2027', '2038'].map((y) => easterSunday(Number(y)))).toEqual([
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
      '2038-04-25',
    ]);
  });

  it("closes 31 December when next New Year's Day falls on a Saturday", () => {
    expect(holidayOn('AL', '2027-12-31')).toBe("New Year's Day (observed)");
    expect(holidayOn('AL', '2027-12-24')).toBe('Christmas Day (observed)');
  });

  it('puts floating holidays on their weekday in every year', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1990, max: 2200 }), (year) => {
        const days = Array.from({ length: 7 }, (_, i) => DateTime.utc(year, 11, 22 + i));
        const thanksgiving = days.filter((d) => holidayOn('LA', d.toISODate() ?? '') === 'Thanksgiving Day');
        expect(thanksgiving).toHaveLength(1);
        expect(thanksgiving[0]?.weekday).toBe(4);
        const goodFriday = DateTime.fromISO(easterSunday(year), { zone: 'utc' }).minus({ days: 2 });
        expect(holidayOn('LA', goodFriday.toISODate() ?? '')).toBe('Good Friday');
        expect(goodFriday.weekday).toBe(5);
      }),
    );
  });
});

describe('first send time (generated)', () => {
  const numbers = [
    '+12125550100',
    '+13055550100',
    '+15125550100',
    '+12055550100',
    '+15045550100',
    '+16015550100',
    '+18605550100',
    '+12085550100',
  ];
  it('is never before the asked time, at most two weeks after, and is itself allowed', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...numbers),
        fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }),
        (phone, from) => {
          const rules = rulesFor(phone);
          const zones = candidateZones(phone, 'America/New_York');
          const first = firstSendTime(rules, zones, from).sendAt;
          expect(first.getTime()).toBeGreaterThanOrEqual(from.getTime());
          expect(first.getTime() - from.getTime()).toBeLessThan(14 * 86_400_000);
          expect(firstSendTime(rules, zones, first).sendAt).toEqual(first);
        },
      ),
    );
  });
});
