import { mentionsSubject } from '#shared/domain/data-subject-deletions/request';

const PERSON = { phone: '+12125550187', email: 'pat.doe@example.com' };

describe('mentionsSubject', () => {
  it.each([
    ['+12125550187'],
    ['call (212) 555-0187 after 5'],
    ['212.555.0187'],
    ['https://x.example/book?phone=%2B12125550187'],
    ['1 212 555 0187'],
    ['{"email":"Pat.Doe@Example.com"}'],
    ['https://x.example/?utm_content=pat.doe%40example.com'],
  ])('finds the person in %s', (text) => {
    expect(mentionsSubject(text, PERSON)).toBe(true);
  });

  it.each([['+12125550188'], ['555-0187'], ['2026-11-29T02:00:00.000Z lead 2125550'], ['pat@example.com']])(
    'does not find the person in %s',
    (text) => {
      expect(mentionsSubject(text, PERSON)).toBe(false);
    },
  );
});
