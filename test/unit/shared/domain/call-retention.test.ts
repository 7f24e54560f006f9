import {
  isRetentionDays,
  KEEP_EVERYTHING,
  retainedCall,
  retentionAudit,
  retentionCutoff,
  teamRetention,
} from '#shared/domain/call-retention';
import { storedCall } from '../../../support/call-fixture';

/** The call started 2026-03-01T12:00Z; "now" is placed relative to it. */
const started = Date.parse(storedCall.started_at);
const DAY = 86_400_000;
const at = (ms: number) => new Date(started + ms);

describe('isRetentionDays', () => {
  it('takes whole days from 1 to 3650 only', () => {
    expect([1, 30, 3650].map(isRetentionDays)).toEqual([true, true, true]);
    expect([0, -1, 1.5, 3651, Number.NaN].map(isRetentionDays)).toEqual([false, false, false, false, false]);
  });
});

describe('retentionCutoff', () => {
  it('is now minus the days, or null when kept', () => {
    expect(retentionCutoff(2, new Date('2026-03-10T00:00:00Z'))?.toISOString()).toBe('2026-03-08T00:00:00.000Z');
    expect(retentionCutoff(null, new Date())).toBeNull();
  });
});

describe('retainedCall', () => {
  it('keeps everything by default, however old the call', () => {
    expect(retainedCall(storedCall, KEEP_EVERYTHING, at(10_000 * DAY))).toBe(storedCall);
  });

  it('keeps the transcript until exactly the days have passed since the start', () => {
    const retention = { transcriptDays: 1, recordingDays: null };
    expect(retainedCall(storedCall, retention, at(DAY))).toBe(storedCall);
    const gone = retainedCall(storedCall, retention, at(DAY + 1));
    expect(gone.transcript).toBeNull();
    expect(gone).not.toHaveProperty('turns');
    expect(gone).not.toHaveProperty('turns_trimmed');
    expect(gone.recording_url).toBe(storedCall.recording_url);
  });

  it('drops the recording reference alone, and keeps every other field', () => {
    const gone = retainedCall(storedCall, { transcriptDays: 30, recordingDays: 1 }, at(2 * DAY));
    expect(gone).toEqual({ ...storedCall, recording_url: null });
  });

  it('drops both when both have expired, and keeps the call’s other fields', () => {
    const { turns: _t, turns_trimmed: _tt, ...rest } = storedCall;
    expect(retainedCall(storedCall, { transcriptDays: 1, recordingDays: 1 }, at(2 * DAY))).toEqual({
      ...rest,
      transcript: null,
      recording_url: null,
    });
  });
});

describe('teamRetention', () => {
  it('reads absent settings (teams stored before retention) as keep', () => {
    expect(teamRetention({})).toEqual(KEEP_EVERYTHING);
    expect(teamRetention({ transcriptRetentionDays: 7, recordingRetentionDays: null })).toEqual({ transcriptDays: 7, recordingDays: null });
  });
});

describe('retentionAudit', () => {
  it('records the team, the actor and the settings before and after', () => {
    const entry = retentionAudit(
      { id: 4, enterpriseId: 2 },
      KEEP_EVERYTHING,
      { transcriptDays: 90, recordingDays: null },
      { kind: 'operator', osUser: 'ops' },
      new Date('2026-03-01T00:00:00Z'),
    );
    expect(entry).toMatchObject({
      enterpriseId: 2,
      teamIds: [4],
      action: 'retention.changed',
      actor: { kind: 'operator', osUser: 'ops' },
      target: { type: 'team', id: '4' },
      at: '2026-03-01T00:00:00.000Z',
      detail: {
        transcript_retention_days: 90,
        recording_retention_days: 'keep',
        previous_transcript_retention_days: 'keep',
        previous_recording_retention_days: 'keep',
      },
    });
  });
});
