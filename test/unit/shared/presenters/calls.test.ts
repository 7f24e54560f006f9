import { call as callSchema } from '#shared/contracts/calls';
import type { CallRecord } from '#shared/domain/calls';
import { presentCall } from '#shared/presenters/calls';
import { storedCall } from '../../../support/call-fixture';

/** The /api/calls item from a stored call: the mapping, the transcript by permission, the signed link, no stored extra. */

const link = () => ({ url: 'https://api.example/api/calls/x/recording?signature=s', expires_at: '2026-03-01T12:18:00.000Z' });

describe('presentCall', () => {
  it('maps the stored call, phone_raw null when the stored call has none', () => {
    const data = presentCall(storedCall, true, link);
    expect(callSchema().parse(data)).toEqual(data);
    expect(data.customer).toEqual({ name: null, phone: '+15551230000', phone_raw: null });
    expect(data.transcript).toBe('AI: hello');
    expect(data.decisions).toEqual([{ decision: 'no_action', reason: 'nothing asked' }]);
  });

  it('leaves the transcript out without read:transcripts, and the turns always', () => {
    const data = presentCall(storedCall, false, link);
    expect(data).not.toHaveProperty('transcript');
    expect(data).not.toHaveProperty('turns');
    expect(data).not.toHaveProperty('turns_trimmed');
  });

  it('answers the signed link, never the provider’s URL, and null without a link or a recording', () => {
    expect(presentCall(storedCall, false, link).recording_url).toBe(link().url);
    expect(presentCall(storedCall, false).recording_url).toBeNull();
    expect(presentCall({ ...storedCall, recording_url: null }, false, link).recording_url).toBeNull();
  });

  it('does not pass on a stored member the contract does not describe', () => {
    const withExtra = { ...storedCall, internal_note: 'x' } as CallRecord;
    expect(presentCall(withExtra, true)).not.toHaveProperty('internal_note');
  });
});
