import fc from 'fast-check';
import { asWritten, sentencesOf } from '#shared/domain/voice/spoken-text';

describe('contractions speech-to-text wrote without their apostrophe', () => {
  it('puts the apostrophe back in words that are no other word, keeping a capital', () => {
    expect(asWritten('im sending a tech right now youre all set')).toBe("i'm sending a tech right now you're all set");
    expect(asWritten('Dont worry, theres no charge and it doesnt matter')).toBe("Don't worry, there's no charge and it doesn't matter");
  });

  it('reads "its", "ill" and "well" as contractions only where what follows makes them one', () => {
    expect(asWritten('its not cooling and ill send someone well call you back')).toBe(
      "it's not cooling and i'll send someone we'll call you back",
    );
    expect(asWritten('the furnace and its filter, my son is ill, it works well')).toBe(
      'the furnace and its filter, my son is ill, it works well',
    );
  });

  it('leaves text with its apostrophes, or without any contraction, as it was', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z' ]{0,60}$/), (text) => {
        const once = asWritten(text);
        expect(asWritten(once)).toBe(once);
        // Words respelled as heard (fillers, "tree", "at won", "mornin") are left out here: only contractions are checked.
        const heard =
          /\b(u+h*m+|u+h+|e+r+m*|h+m+|tree|firty|tirty|mornin|evenin|bout|tomor\w*|\w*day|at (to|too|for|ate|won)|to|for|ate|won)\b/;
        if (!/\b(im|ive|youre|youll|youve|hes|shes|theyre|theyll|thats|theres|whats|\w+nt|its|ill|well)\b/.test(text) && !heard.test(text))
          expect(once).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});

describe('days, hours and fillers as they were heard', () => {
  it('respells days and tomorrow as an accent or a recognizer writes them, and "mornin"', () => {
    expect(asWritten("can u send sumone toosday 'bout 10")).toBe('can u send sumone tuesday about 10');
    expect(asWritten('Wensday or Thirsday mornin, or Satterday, or tomorra')).toBe(
      'Wednesday or Thursday morning, or Saturday, or tomorrow',
    );
  });

  it('reads each day by the family of its spellings, and no other word as a day', () => {
    expect(asWritten('wednessday, thurday, thursdy, teusday, wenzday, tomorow, tommorow')).toBe(
      'wednesday, thursday, thursday, tuesday, wednesday, tomorrow, tomorrow',
    );
    expect(asWritten('nine thirdy on a birthday, today or yesterday, the tumor')).toBe(
      'nine thirty on a birthday, today or yesterday, the tumor',
    );
  });

  it('reads accents that end a day in "dee" or "dey", and "at tin." as ten; not "tin foil"', () => {
    expect(asWritten('I can send someone Toosdee at tin. You can come Wensdey?')).toBe(
      'I can send someone Tuesday at ten. You can come Wednesday?',
    );
    expect(asWritten('look at tin foil on monde, a mundane sunday')).toBe('look at tin foil on monde, a mundane sunday');
  });

  it("drops a recognizer's tags and trailing dots between the words of a time, and keeps other brackets", () => {
    expect(asWritten('Thursday at [inaudible] ten? Monday... like... 10?')).toBe('Thursday at ten? Monday like 10?');
    expect(asWritten('the unit [model 3] is at 42 [2] feet')).toBe('the unit [model 3] is at 42 [2] feet');
  });

  it('reads "at 10 hours" as ten o\'clock, "9 sharp" as at 9 and "at, you know, 1" as at 1; not a length in hours', () => {
    expect(asWritten('Can you come tomorrow at 10 hours? Friday, 9 sharp. At, you know, 1?')).toBe(
      "Can you come tomorrow at 10 o'clock? Friday, at 9. At 1?",
    );
    expect(asWritten('it takes 10 hours, starting at 9 sharp')).toBe('it takes 10 hours, starting at 9 sharp');
  });

  it('reads "elevenish" and "at, like, one-ish" as around that hour, and "uhm" as a filler', () => {
    expect(asWritten('tomorow elevenish')).toBe('tomorrow around eleven');
    expect(asWritten('Tuesday at, like, one-ish?')).toBe('Tuesday around one?');
    expect(asWritten('Hmm, uhm, nah, too early.')).toBe('nah, too early.');
    expect(asWritten("I'd like one of those, like, at the door")).toBe("I'd like one of those, like, at the door");
  });

  it('reads "to", "for", "ate" and "won" as hours only where an hour stands', () => {
    expect(asWritten('can someone come at to on thursday')).toBe('can someone come at two on thursday');
    expect(asWritten('friday at for does that work')).toBe('friday at four does that work');
    expect(asWritten('monday at ate thirty, or saturday at won')).toBe('monday at eight thirty, or saturday at one');
    expect(asWritten('for is fine')).toBe('four is fine');
    expect(asWritten('what is that at for? i went to the store for milk, i won the raffle')).toBe(
      'what is that at for? i went to the store for milk, i won the raffle',
    );
  });

  it('reads "tree" and "firty" beside an hour, and leaves a tree in the yard', () => {
    expect(asWritten("tree o'clock monday, or nine-firty")).toBe("three o'clock monday, or nine-thirty");
    expect(asWritten('thursday at quarter too three, me too')).toBe('thursday at quarter to three, me too');
    expect(asWritten("won o'clock tomorrow, a quarter passed ten; I won, it passed")).toBe(
      "one o'clock tomorrow, a quarter past ten; I won, it passed",
    );
    expect(asWritten('a tree fell on the fence at tree')).toBe('a tree fell on the fence at three');
  });

  it('drops fillers inside a time and keeps "uh-huh" and "mm-hmm" as answers', () => {
    expect(asWritten('Could she come tomorrow at, um, uh, ten?')).toBe('Could she come tomorrow at ten?');
    expect(asWritten('Uh-huh. Mm-hmm, sure.')).toBe('Uh-huh. Mm-hmm, sure.');
    expect(asWritten('We went to the ER, er, Thursday at, er, ten.')).toBe('We went to the ER, Thursday at ten.');
    expect(asWritten('this is Tamara, tomorra works')).toBe('this is Tamara, tomorrow works');
    expect(asWritten("t'morrow at 'leven, eleven")).toBe('tomorrow at eleven, eleven');
  });

  it('joins an hour and its minutes written apart after a day or "at", and "p m" as "pm"; not a measure', () => {
    expect(asWritten('thursday at ten 30, or friday 10 30, or monday two thirty p m')).toBe(
      'thursday at 10:30, or friday 10:30, or monday two thirty pm',
    );
    expect(asWritten('I have 2 20 gallon tanks, quoted at 10 30 dollars')).toBe('I have 2 20 gallon tanks, quoted at 10 30 dollars');
  });

  it('never throws on arbitrary text and reads its own output unchanged', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (text) => {
        const once = asWritten(text);
        expect(asWritten(once)).toBe(once);
      }),
      { numRuns: 300 },
    );
  });
});

describe("a turn's sentences", () => {
  it('keeps an hour in a.m. or p.m. with the day after it, and ends a sentence after one before another sentence', () => {
    expect(sentencesOf('I have 9:00 a.m. Monday. Does that work?')).toEqual(['I have 9:00 a.m. Monday.', 'Does that work?']);
    expect(sentencesOf('See you at 9 a.m. Thanks again!')).toEqual(['See you at 9 a.m.', 'Thanks again!']);
    expect(sentencesOf('Okay.\n\n¿Le queda bien?  Sí.')).toEqual(['Okay.', '¿Le queda bien?', 'Sí.']);
  });

  it('never throws and loses no word of arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const words = (t: string) => t.split(/\s+/).filter((w) => w.length > 0);
        expect(sentencesOf(text).flatMap(words)).toEqual(words(text));
      }),
      { numRuns: 300 },
    );
  });
});
