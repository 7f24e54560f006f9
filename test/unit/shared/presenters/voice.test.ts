import { voiceReportAcknowledged, voiceReportCreated } from '#shared/contracts/voice';
import { presentIgnoredAnswer, presentReportAnswer, presentTransferAnswer } from '#shared/presenters/voice';

/** The voice webhook's answers: the ids a message produced, and nothing of the processing beyond them. */

const CALL = '3f1c2b9e-0000-4000-8000-000000000001';
const TICKET = '3f1c2b9e-0000-4000-8000-000000000002';

describe('voice presenters', () => {
  it('answers a first report 201 with the ids it created, leaving out the rest of the result', () => {
    const answer = presentReportAnswer({ created: true, call_id: CALL, appointment_id: null, ticket_id: TICKET });
    expect(answer.statusCode).toBe(201);
    expect(voiceReportCreated().parse(answer.body)).toEqual(answer.body);
    expect(answer.body.data).toEqual({ callId: CALL, appointmentId: null, ticketId: TICKET });
  });

  it('answers a redelivered report 200 with the ids of its first delivery', () => {
    const answer = presentReportAnswer({ created: false, call_id: CALL, appointment_id: null, ticket_id: null });
    expect(answer.statusCode).toBe(200);
    expect(voiceReportAcknowledged().parse(answer.body)).toEqual(answer.body);
    expect(answer.body.message).toMatch(/already processed/);
  });

  it('answers transfers and ignored messages with null ids', () => {
    for (const body of [presentTransferAnswer(true), presentTransferAnswer(false), presentIgnoredAnswer('status-update')]) {
      expect(voiceReportAcknowledged().parse(body)).toEqual(body);
      expect(body.data).toEqual({ callId: null, appointmentId: null, ticketId: null });
    }
    expect(presentIgnoredAnswer('status-update').message).toContain('status-update');
  });
});
