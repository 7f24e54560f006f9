import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { useAppointmentReplies } from '#shared/adapters/runtime/appointment-reply-dependencies';
import { smsProvider } from '#shared/adapters/runtime/sms-provider';
import { encodeIdentity } from '#shared/auth/identity';
import type { AppointmentNotice } from '#shared/domain/appointment-texts/notice';
import type { Team } from '#shared/domain/tenancy';
import type { AppointmentReplyMessage } from '#shared/ports/appointment-replies';
import type { LocalDynamo } from '../../../../local/dynamodb/embedded';
import { SandboxSmsProvider } from '../../../../local/sandbox/sms-provider';
import { proxyEvent } from '../../../support/api-gateway-event';
import { startEmulator } from '../../../support/emulator';
import { identity } from '../../../support/factories';

let dynamo: LocalDynamo;
let team: Team;
let notice: AppointmentNotice;
let handler: (event: APIGatewayProxyEvent, context: Context) => Promise<unknown>;
const sms = new SandboxSmsProvider();
const confirmed: AppointmentReplyMessage[] = [];

beforeAll(async () => {
  dynamo = await startEmulator();
  const tenancy = new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));
  const enterprise = await tenancy.createEnterprise({ name: 'E' });
  team = await tenancy.createTeam({
    name: 'Summit Plumbing',
    timezone: 'America/Chicago',
    isTest: false,
    enterpriseId: enterprise.id,
    workspaceId: 'ws_replies',
  });
  notice = {
    teamId: team.id,
    appointmentId: 'apt_inbound_1',
    phone: '+13125550177',
    businessName: team.name,
    service: 'Drain cleaning',
    start: new Date(Date.now() + 86_400_000).toISOString(),
    zone: 'America/Chicago',
    manageUrl: 'https://svc.example.com/widget/manage/in1',
  };
  smsProvider.use(() => sms);
  useAppointmentReplies(() => ({
    upcoming: async (teamId, phone) => (teamId === notice.teamId && phone === notice.phone ? { notice, status: 'scheduled' } : null),
    confirm: async (_teamId, _appointmentId, reply) => {
      confirmed.push(reply);
    },
    keepForStaff: async () => {},
  }));
  ({ handler } = await import('../../../../functions/receive-inbound-sms/handler'));
});
afterAll(() => dynamo.stop());

const receive = (body: string, messageId: string) =>
  handler(
    proxyEvent({
      resource: '/v1/messaging/sms/inbound',
      path: '/v1/messaging/sms/inbound',
      httpMethod: 'POST',
      headers: { 'content-type': 'application/json', 'x-workspace-id': 'ws_replies' },
      body: JSON.stringify({ from: notice.phone, body, message_id: messageId }),
      authorizer: encodeIdentity(identity({ teamIds: [team.id] })),
    }),
    {} as Context,
  ) as Promise<{ statusCode: number; body: string }>;

describe('receive-inbound-sms and appointment replies', () => {
  it('confirms the number’s upcoming visit on "C" and answers "R" with its manage link, each once', async () => {
    expect((await receive('C', 'in-c')).statusCode).toBe(200);
    expect((await receive('C', 'in-c')).statusCode).toBe(200);
    expect(confirmed.map((r) => r.messageId)).toEqual(['in-c']);

    expect((await receive('R', 'in-r')).statusCode).toBe(200);
    expect((await receive('R', 'in-r')).statusCode).toBe(200);
    expect(sms.sent.filter((t) => t.body.includes(notice.manageUrl))).toHaveLength(1);
  });
});
