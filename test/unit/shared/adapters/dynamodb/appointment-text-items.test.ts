import {
  type AppointmentTextItem,
  appointmentTextsSk,
  isAppointmentTextItem,
  outboundTextOfAppointmentText,
  parseAppointmentTextItem,
} from '#shared/adapters/dynamodb/appointment-text-items';
import type { SendItem } from '#shared/adapters/dynamodb/sms-campaign-items';

const item: AppointmentTextItem = {
  pk: 'TEAM#0000000007#APPOINTMENT#apt_1',
  sk: 'TEXT#booking_confirmation#v1',
  purpose: 'booking_confirmation',
  appointment_id: 'apt_1',
  occurrence: 'v1',
  team_id: 7,
  recipient: '+12125550100',
  body: 'Rapid Rooter: your Drain cleaning visit is booked.',
  segments: 1,
  status: 'sent',
  cost_micros: 8300,
  provider_message_id: 'SM1',
  error: null,
  recorded_at: '2026-03-02T15:00:00.000Z',
  settled_at: '2026-03-02T15:00:01.000Z',
  updated_at: '2026-03-02T15:00:01.000Z',
  textsPk: 't',
  textsStatusPk: 's',
  textsSk: 'k',
};

describe('appointment text items on the outbound texts feed', () => {
  it('lists a booking text with its purpose, appointment and body, and no campaign', () => {
    expect(outboundTextOfAppointmentText(item)).toEqual({
      campaign_id: null,
      purpose: 'booking_confirmation',
      appointment_id: 'apt_1',
      team_id: 7,
      recipient: '+12125550100',
      body: 'Rapid Rooter: your Drain cleaning visit is booked.',
      segments: 1,
      cost_micros: 8300,
      status: 'sent',
      provider_message_id: 'SM1',
      error: null,
      queued_at: '2026-03-02T15:00:00.000Z',
      sent_at: '2026-03-02T15:00:01.000Z',
      updated_at: '2026-03-02T15:00:01.000Z',
      deferred_until: null,
      send_at: null,
      rule: null,
    });
  });

  it('shows no sent_at on a text that was not sent', () => {
    expect(outboundTextOfAppointmentText({ ...item, status: 'suppressed', error: 'opted out' })).toMatchObject({
      sent_at: null,
      cost_micros: 8300,
      error: 'opted out',
    });
  });

  it('tells an appointment text from a campaign send record, older records without a purpose included', () => {
    const send: SendItem = {
      pk: 'CAMPAIGN#cmp_x',
      sk: 'SEND#+12125550100',
      status: 'sent',
      team_id: 7,
      recorded_at: 'x',
      textsPk: 't',
      textsStatusPk: 's',
      textsSk: 'k',
    };
    expect(isAppointmentTextItem(item)).toBe(true);
    expect(isAppointmentTextItem(send)).toBe(false);
    expect(isAppointmentTextItem({ ...send, purpose: 'campaign' })).toBe(false);
  });

  it('keys each text of the feed apart: another purpose or occurrence of the same visit is another row', () => {
    const at = '2026-03-02T15:00:00.000Z';
    const keys = new Set([
      appointmentTextsSk(at, { appointmentId: 'apt_1', purpose: 'booking_reminder', occurrence: 'a' }, '+1'),
      appointmentTextsSk(at, { appointmentId: 'apt_1', purpose: 'booking_reminder', occurrence: 'b' }, '+1'),
      appointmentTextsSk(at, { appointmentId: 'apt_1', purpose: 'booking_change', occurrence: 'a' }, '+1'),
    ]);
    expect(keys.size).toBe(3);
  });

  // The members share one schema per kind with the other tables' items (stored-members.ts): each
  // place a shared schema sits still names its own path, and a member that may be absent still may.
  it.each([
    ['occurrence', { ...item, occurrence: 1 }],
    ['segments', { ...item, segments: '1' }],
    ['cost_micros', { ...item, cost_micros: null }],
    ['claimed_at', { ...item, claimed_at: 5 }],
    ['error', { ...item, error: 5 }],
    ['deferred_until', { ...item, deferred_until: false }],
    ['updated_at', { ...item, updated_at: undefined }],
  ])('refuses a stored appointment text malformed at %s, naming it', (path, raw) => {
    expect(() => parseAppointmentTextItem(raw)).toThrow(`stored appointment text item is malformed at ${path}`);
  });

  it('reads an appointment text whose optional members are absent and nullable ones null', () => {
    const { cost_micros: _c, settled_at: _s, ...older } = item;
    expect(parseAppointmentTextItem({ ...older, send_at: null })).toMatchObject({ send_at: null, error: null });
    expect(parseAppointmentTextItem(older)).not.toHaveProperty('cost_micros');
  });
});
