import { HttpRecordingSource } from '#shared/adapters/http/http-recording-source';
import type { RecordingSource } from '#shared/ports/recording-source';
import { adapterSlot } from './slot';

export const recordingSource = adapterSlot<'default', RecordingSource>(
  () => 'voice-recordings',
  () => new HttpRecordingSource(),
);
