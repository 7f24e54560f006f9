import { presentRecordingHeaders } from '#shared/presenters/call-recordings';

describe('presentRecordingHeaders', () => {
  it('names the media type, forbids shared caching and gives the length when known', () => {
    expect(presentRecordingHeaders({ contentType: 'audio/wav', contentLength: 1024 })).toEqual({
      'content-type': 'audio/wav',
      'cache-control': 'private, no-store',
      'content-length': '1024',
    });
  });

  it('leaves the length out when the provider did not give it', () => {
    expect(presentRecordingHeaders({ contentType: 'audio/mpeg', contentLength: null })).not.toHaveProperty('content-length');
  });
});
