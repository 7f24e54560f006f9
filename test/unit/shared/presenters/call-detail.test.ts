import { callDetail, callTranscript, callTransfer } from '#shared/contracts/call-detail';
import type { TransferRecord } from '#shared/domain/calls';
import { presentCallDetail, presentCallTranscript, presentTransfer } from '#shared/presenters/call-detail';
import { storedCall } from '../../../support/call-fixture';

const transfer = (source: TransferRecord['source'], id: string): TransferRecord => ({
  transfer_id: id,
  team_id: 1,
  provider_call_id: 'prov-1',
  transferred_at: '2026-03-01T12:02:00.000Z',
  destination: { type: 'number', number: '+14155550190', sip_uri: null, description: 'front desk', message: null },
  reason: null,
  source,
  created_at: '2026-03-01T12:02:01.000Z',
});

describe('call detail presenters', () => {
  it('presents a transfer joined to its call, without the team or the stored instant', () => {
    const data = presentTransfer(transfer('transfer-update', 't1'), null);
    expect(callTransfer().parse(data)).toEqual(data);
    expect(data.call_id).toBeNull();
    expect(data).not.toHaveProperty('team_id');
    expect(data).not.toHaveProperty('created_at');
  });

  it('presents the detail with the reported transfers, the recording link and no list link', () => {
    const link = () => ({ url: 'https://api.example/rec', expires_at: '2026-03-01T12:18:00.000Z' });
    const data = presentCallDetail(storedCall, [transfer('ended_reason', 't0'), transfer('transfer-update', 't1')], {
      includeTranscript: false,
      recordingLink: link,
    });
    expect(callDetail().parse(data)).toEqual(data);
    expect(data.transfers.map((t) => t.transfer_id)).toEqual(['t1']);
    expect(data.transfers[0]?.call_id).toBe(storedCall.call_id);
    expect(data.recording).toEqual(link());
    expect(data).not.toHaveProperty('recording_url');
    expect(
      presentCallDetail({ ...storedCall, recording_url: null }, [], { includeTranscript: false, recordingLink: link }).recording,
    ).toBeNull();
  });

  it('presents the transcript, empty for a call stored before turns were kept', () => {
    const data = presentCallTranscript(storedCall);
    expect(callTranscript().parse(data)).toEqual(data);
    expect(data.turns).toHaveLength(1);
    const { turns: _turns, turns_trimmed: _trimmed, ...older } = storedCall;
    expect(presentCallTranscript({ ...older, transcript: null })).toEqual({
      call_id: storedCall.call_id,
      turns: [],
      turns_trimmed: false,
      text: '',
    });
  });
});
