import fc from 'fast-check';
import { linesText, nameText, optionalLinesText, optionalNameText } from '#shared/domain/plain-text';

const CONTROL_OR_BIDI = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** Text with controls, bidi controls and line breaks mixed in among letters. */
const hostile = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 8 }),
      fc.integer({ min: 0, max: 0x9f }).map((c) => String.fromCharCode(c)),
      fc.constantFrom('\u202E', '\u202D', '\u2066', '\u2069', '\u200F', '\u061C', '\r\n', '\u2028', '\u2029', '\u0085', '\t'),
    ),
    { maxLength: 20 },
  )
  .map((parts) => parts.join(''));

describe('names, addresses and notes without controls', () => {
  it.each([
    ['Dana\u0000 Reyes', 'Dana Reyes'],
    ['\u202Etxt.exe', 'txt.exe'],
    ['Ann\u001B[31m Lee', 'Ann[31m Lee'],
    ['Bob\u0085Smith', 'Bob Smith'],
    ['Zoë 李 👩‍🔧', 'Zoë 李 👩‍🔧'],
    ['  Ann\tLee  ', 'Ann Lee'],
    ['1 Main St\r\nApt 2', '1 Main St Apt 2'],
  ])('a name %j is kept as %j', (raw, kept) => {
    expect(nameText(raw)).toBe(kept);
  });

  it.each([
    ['1 Main St\r\nApt 2\rChicago', '1 Main St\nApt 2\nChicago'],
    ['Gate code 12\u2028ring twice\u0007', 'Gate code 12\nring twice'],
    ['\u2066note\u2069 \u200Fhere', 'note here'],
  ])('an address or a note %j is kept as %j, its lines kept', (raw, kept) => {
    expect(linesText(raw)).toBe(kept);
  });

  it('leaves no control and no bidi control, names on one line, whatever the text; cleaning twice changes nothing', () => {
    fc.assert(
      fc.property(hostile, (raw) => {
        const name = nameText(raw);
        const lines = linesText(raw);
        expect(name).not.toMatch(CONTROL_OR_BIDI);
        expect(lines.replaceAll('\n', '')).not.toMatch(CONTROL_OR_BIDI);
        expect(nameText(name)).toBe(name);
        expect(linesText(lines)).toBe(lines);
      }),
    );
  });

  it('answers null for a missing value or one that was nothing but controls', () => {
    expect(optionalNameText(null)).toBeNull();
    expect(optionalNameText('\u202E\u0000 ')).toBeNull();
    expect(optionalLinesText(undefined)).toBeNull();
    expect(optionalLinesText('\r\n\u2069')).toBeNull();
    expect(optionalLinesText(' Suite 4 ')).toBe('Suite 4');
  });
});
