import { DynamoAppointmentTextStore } from '#shared/adapters/dynamodb/appointment-text-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoInboundTextStore } from '#shared/adapters/dynamodb/sms-campaign-inbound';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { answerAppointmentReply } from '#shared/domain/appointment-texts/answer-reply';
import { reminderBody } from '#shared/domain/appointment-texts/bodies';
import type { AppointmentNotice } from '#shared/domain/appointment-texts/notice';
import { sendAppointmentText } from '#shared/domain/appointment-texts/send-appointment-text';
import { handleInboundText } from '#shared/domain/sms-campaigns/inbound';
import type { Team } from '#shared/domain/tenancy';
import type { AppointmentReplies, AppointmentReplyMessage } from '#shared/ports/appointment-replies';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { SandboxSmsProvider } from '../../../../../local/sandbox/sms-provider';
import { startEmulator } from '../../../../support/emulator';

let dynamo: LocalDynamo;
let campaigns: DynamoInboundTextStore;
let texts: DynamoAppointmentTextStore;
let sms: SandboxSmsProvider;
const team: Team = {
  id: 71,
  name: 'Summit Plumbing',
  timezone: 'America/Chicago',
  isTest: false,
  enterpriseId: 1,
  workspaceId: 'ws_replies',
  createdAt: '2026-01-01T00:00:00.000Z',
};
let serial = 0;

/** The replies port as the appointment store would answer it, in memory, with what it was asked. */
function fakeReplies(notice: AppointmentNotice | null) {
  const confirmed: AppointmentReplyMessage[] = [];
  const kept: AppointmentReplyMessage[] = [];
  const replies: AppointmentReplies = {
    upcoming: async (teamId, phone) =>
      notice && teamId === notice.teamId && phone === notice.phone ? { notice, status: 'scheduled' } : null,
    confirm: async (_t, _a, reply) => {
      confirmed.push(reply);
    },
    keepForStaff: async (_t, _a, reply) => {
      kept.push(reply);
    },
  };
  return { replies, confirmed, kept };
}

function visit(): AppointmentNotice {
  serial++;
  return {
    teamId: team.id,
    appointmentId: `apt_reply_${serial}`,
    phone: `+1312555${String(3000 + serial).padStart(4, '0')}`,
    businessName: team.name,
    service: 'Drain cleaning',
    start: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    zone: 'America/Chicago',
    manageUrl: `https://svc.example.com/widget/manage/r${serial}`,
  };
}

beforeAll(async () => {
  dynamo = await startEmulator();
  campaigns = new DynamoInboundTextStore(getDocumentClient(), physicalTableName('campaigns'));
  texts = new DynamoAppointmentTextStore(getDocumentClient(), physicalTableName('campaigns'));
});
beforeEach(() => {
  sms = new SandboxSmsProvider();
});
afterAll(() => dynamo.stop());

/** What the inbound route does: the usual handling, then the appointment's, for a first delivery only. */
async function receive(replies: AppointmentReplies, from: string, body: string, messageId: string) {
  const now = new Date();
  const inbound = await handleInboundText({ store: campaigns, sms }, { team, from, body, messageId, now });
  return inbound.duplicate ? 'duplicate' : answerAppointmentReply({ replies, sms }, { team, from, body, messageId, now });
}

describe('replies to an appointment text', () => {
  it('confirms on "C", once however often the reply is delivered, and texts nothing back', async () => {
    const notice = visit();
    const { replies, confirmed } = fakeReplies(notice);
    expect(await receive(replies, notice.phone, 'C', 'in-1')).toBe('confirmed');
    expect(await receive(replies, notice.phone, 'C', 'in-1')).toBe('duplicate');
    expect(confirmed).toEqual([expect.objectContaining({ messageId: 'in-1', body: 'C' })]);
    expect(sms.sent).toEqual([]);
  });

  it('answers "R" with the manage link, once', async () => {
    const notice = visit();
    const { replies } = fakeReplies(notice);
    expect(await receive(replies, notice.phone, 'Reschedule please', 'in-2')).toBe('link_sent');
    await receive(replies, notice.phone, 'Reschedule please', 'in-2');
    expect(sms.sent).toEqual([expect.objectContaining({ to: notice.phone, body: expect.stringContaining(notice.manageUrl) })]);
  });

  it('keeps any other reply for staff', async () => {
    const notice = visit();
    const { replies, kept } = fakeReplies(notice);
    expect(await receive(replies, notice.phone, 'Can the tech call me when on the way?', 'in-3')).toBe('kept_for_staff');
    expect(kept).toEqual([expect.objectContaining({ body: 'Can the tech call me when on the way?' })]);
  });

  it('opts a CANCEL out as today, touches nothing of the visit, and no reminder goes to the number after', async () => {
    const notice = visit();
    const { replies, confirmed, kept } = fakeReplies(notice);
    expect(await receive(replies, notice.phone, 'CANCEL', 'in-4')).toBe('none');
    expect(confirmed).toEqual([]);
    expect(kept).toEqual([]);
    expect(sms.sent.map((t) => t.body)).toEqual([expect.stringContaining('you are unsubscribed')]);

    const reminder = await sendAppointmentText(
      { texts, sms, pricePerSegmentMicros: 8300, maxRunMs: 60_000 },
      { notice, purpose: 'booking_reminder', occurrence: `${notice.start}/120m`, body: await reminderBody(notice) },
      { messageId: 'rem-1', receiveCount: 1 },
    );
    expect(reminder.outcome).toBe('suppressed');
    expect(sms.sent).toHaveLength(1);
  });

  it('does nothing more for a number without an upcoming visit', async () => {
    const { replies } = fakeReplies(null);
    expect(await receive(replies, '+13125559999', 'yes', 'in-5')).toBe('no_appointment');
  });
});
