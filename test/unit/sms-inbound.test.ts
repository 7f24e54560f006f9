import { classifyInbound } from '#shared/domain/sms/inbound';

describe('inbound keywords', () => {
  it.each(['STOP', 'stop', ' Stop ', 'STOPALL', 'unsubscribe', 'CANCEL', 'end', 'QUIT', 'revoke', 'OPTOUT', 'stop.'])(
    'treats %p as an opt-out',
    (body) => {
      expect(classifyInbound(body)).toBe('opted_out');
    },
  );

  it.each(['START', 'yes', 'Unstop'])('treats %p as an opt-in', (body) => {
    expect(classifyInbound(body)).toBe('opted_in');
  });

  it.each(['HELP', 'info'])('treats %p as a help request', (body) => {
    expect(classifyInbound(body)).toBe('help');
  });

  it.each(['Please stop by tomorrow', 'yes please come at 3', 'thanks!'])('treats %p as a reply', (body) => {
    expect(classifyInbound(body)).toBe('reply');
  });
});
