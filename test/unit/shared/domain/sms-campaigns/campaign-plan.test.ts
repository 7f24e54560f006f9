import { toE164 } from '#shared/domain/phone';
import { planCampaign, toDollars } from '#shared/domain/sms-campaigns/campaign-plan';
import { type CampaignRequest, campaignRequestSchema } from '#shared/domain/sms-campaigns/campaign-request';
import { resolveStartTime } from '#shared/domain/sms-campaigns/campaign-service';
import { BadRequestError } from '#shared/errors';
import { parseOrThrow } from '#shared/http/validation';

/** Recipients' numbers read as a US team's are (the package's reading; nanp-numbers.ts answers the same). */
const usPhone = (raw: string) => toE164(raw, 'US');

const options = { readPhone: usPhone, pricePerSegmentMicros: 8300, isSuppressed: () => false };

function request(overrides: Partial<CampaignRequest> = {}): CampaignRequest {
  return parseOrThrow(
    campaignRequestSchema,
    {
      campaign_type: 'maintenance_reminder',
      recipients: [{ phone: '(212) 555-0123', name: 'Ana' }],
      message_template: 'Hi {name}, time for your tune-up!',
      ...overrides,
    },
    'body',
  );
}

function errorOf(fn: () => unknown): BadRequestError {
  try {
    fn();
  } catch (error) {
    if (error instanceof BadRequestError) return error;
    throw error;
  }
  throw new Error('expected a BadRequestError');
}

describe('campaign request validation', () => {
  it.each([
    [{ campaign_type: 'spam' }, 'campaign_type'],
    [{ recipients: [] }, 'recipients'],
    [{ message_template: '   ' }, 'message_template'],
    [{ message_template: 'x'.repeat(1601) }, 'message_template'],
    [{ schedule_time: 'tomorrow' }, 'schedule_time'],
    [{ settings: { include_opt_out: true, quiet: true } }, 'settings'],
    [{ recipients: [{ name: 'no phone' }] }, 'recipients[0].phone'],
  ])('refuses %j naming %s', (overrides, field) => {
    const error = errorOf(() =>
      parseOrThrow(
        campaignRequestSchema,
        { campaign_type: 'marketing', recipients: [{ phone: '2125550123' }], message_template: 'Hi', ...overrides },
        'body',
      ),
    );
    expect(error.field).toBe(field);
  });

  it("keeps a recipient's name without control or bidi characters", () => {
    const parsed = request({ recipients: [{ phone: '(212) 555-0123', name: 'Ana\u202E Ruiz\u0000\r\n' }] });

    expect(parsed.recipients[0]?.name).toBe('Ana Ruiz');
  });

  it('refuses 10,001 recipients naming the limit', () => {
    const recipients = Array.from({ length: 10_001 }, () => ({ phone: '2125550123' }));
    const error = errorOf(() =>
      parseOrThrow(campaignRequestSchema, { campaign_type: 'marketing', recipients, message_template: 'Hi' }, 'body'),
    );
    expect(error.message).toBe('recipients: must hold at most 10000 recipients');
  });
});

describe('planCampaign', () => {
  it('normalizes phones to E.164 and lists invalid ones by index', () => {
    const error = errorOf(() =>
      planCampaign(request({ recipients: [{ phone: '2125550123' }, { phone: '12' }, { phone: 'call me' }] }), options),
    );
    expect(error.message).toBe('recipients: invalid phone number at index 1, 2');
  });

  it('collapses duplicate phones and counts them', () => {
    const plan = planCampaign(
      request({
        recipients: [
          { phone: '(212) 555-0123', name: 'Ana' },
          { phone: '+1 212 555 0123', name: 'Ana again' },
          { phone: '212.555.0124', name: 'Bo' },
        ],
      }),
      options,
    );
    expect(plan.recipients.map((r) => r.phone)).toEqual(['+12125550123', '+12125550124']);
    expect(plan.duplicatesCollapsed).toBe(1);
  });

  it('refuses up front, naming the variable and the recipients, when a variable is missing and there is no fallback', () => {
    const error = errorOf(() =>
      planCampaign(
        request({
          message_template: 'Hi {name}, your {unit} is due',
          recipients: [
            { phone: '2125550123', name: 'Ana', custom_fields: { unit: 'furnace' } },
            { phone: '2125550124', name: 'Bo' },
          ],
        }),
        options,
      ),
    );
    expect(error.message).toMatch(/\{unit\} is missing for recipients at index 1/);
  });

  it('sends the fallback message to recipients who lack a variable', () => {
    const plan = planCampaign(
      request({
        message_template: 'Hi {name}!',
        fallback_message: 'Hi there!',
        recipients: [{ phone: '2125550123', name: 'Ana' }, { phone: '2125550124' }],
        settings: { include_opt_out: false },
      }),
      options,
    );
    expect(plan.recipients.map((r) => r.body)).toEqual(['Hi Ana!', 'Hi there!']);
    expect(plan.fallbackCount).toBe(1);
  });

  it('prices the segments of every rendered message, opt-out line included', () => {
    const body = 'a'.repeat(150);
    const plan = planCampaign(request({ message_template: body, recipients: [{ phone: '2125550123' }, { phone: '2125550124' }] }), options);
    // 150 + "\nReply STOP to opt out." (23) = 173 septets: 2 segments each
    expect(plan.recipients.map((r) => r.segments)).toEqual([2, 2]);
    expect(plan.segments).toBe(4);
    expect(toDollars(plan.estimatedCostMicros)).toBe(0.0332);
  });

  it('does not price or send to suppressed numbers, and counts them', () => {
    const plan = planCampaign(
      request({
        recipients: [
          { phone: '2125550123', name: 'A' },
          { phone: '2125550124', name: 'B' },
        ],
      }),
      {
        ...options,
        isSuppressed: (p) => p === '+12125550124',
      },
    );
    expect(plan.suppressed).toBe(1);
    expect(plan.recipients.find((r) => r.phone === '+12125550124')?.suppressed).toBe(true);
    expect(plan.segments).toBe(1);
  });
});

describe('schedule_time', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('means now when omitted or within a minute', () => {
    expect(resolveStartTime(undefined, now).immediate).toBe(true);
    expect(resolveStartTime('2026-11-22T11:59:30Z', now).immediate).toBe(true);
  });

  it('schedules a future time', () => {
    expect(resolveStartTime('2026-11-23T12:00:00-05:00', now)).toEqual({ at: new Date('2026-11-23T17:00:00Z'), immediate: false });
  });

  it('refuses a time in the past and one beyond the 90-day horizon', () => {
    expect(() => resolveStartTime('2026-11-22T11:00:00Z', now)).toThrow(/schedule_time: must not be in the past/);
    expect(() => resolveStartTime('2027-03-01T00:00:00Z', now)).toThrow(/at most 90 days/);
  });
});
