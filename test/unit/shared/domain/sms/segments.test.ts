import { countSegments } from '#shared/domain/sms/segments';

describe('SMS segment counting', () => {
  it('fits exactly 160 GSM-7 characters in one segment', () => {
    expect(countSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
  });

  it('splits 161 GSM-7 characters into two parts of at most 153', () => {
    expect(countSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(countSegments('a'.repeat(306)).segments).toBe(2);
    expect(countSegments('a'.repeat(307)).segments).toBe(3);
  });

  it('counts an extension character as two septets', () => {
    expect(countSegments(`${'a'.repeat(158)}€`)).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(countSegments(`${'a'.repeat(159)}€`)).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
  });

  it('never splits an extension character across two parts', () => {
    // 152 + escape pair would straddle the 153-septet boundary: the pair moves to part two.
    const text = `${'a'.repeat(152)}{${'a'.repeat(100)}`;
    expect(countSegments(text)).toEqual({ encoding: 'GSM-7', units: 254, segments: 2 });
    const tight = `${'a'.repeat(152)}{${'a'.repeat(153)}`;
    expect(countSegments(tight).segments).toBe(3);
  });

  it('switches the whole message to UCS-2 for an emoji, counting UTF-16 code units', () => {
    expect(countSegments(`${'a'.repeat(68)}😀`)).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(countSegments(`${'a'.repeat(69)}😀`)).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
  });

  it('treats smart quotes as UCS-2', () => {
    expect(countSegments('It’s “ready”').encoding).toBe('UCS-2');
    expect(countSegments('It\'s "ready"').encoding).toBe('GSM-7');
  });

  it('splits UCS-2 into parts of 67 code units without breaking a surrogate pair', () => {
    expect(countSegments('é'.repeat(0) + 'Ж'.repeat(134)).segments).toBe(2);
    expect(countSegments('Ж'.repeat(135)).segments).toBe(3);
    expect(countSegments(`${'Ж'.repeat(66)}😀${'Ж'.repeat(10)}`).segments).toBe(2);
  });

  it('counts GSM-7 accented letters of the basic table as one septet', () => {
    expect(countSegments('àèéìòùÄÖÑÜäöñü').encoding).toBe('GSM-7');
    expect(countSegments('ç').encoding).toBe('UCS-2');
  });
});
