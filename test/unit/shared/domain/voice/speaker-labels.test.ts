import fc from 'fast-check';
import { agentEvidence, labelOpenings } from '#shared/domain/voice/speaker-labels';
import { turnsFromText } from '#shared/domain/voice/transcript-turns';

const said = (transcript: string) => turnsFromText(transcript).map((t) => [t.speaker, t.text]);

describe('speaker labels the role words do not name', () => {
  it('opens turns at a name that recurs at line starts', () => {
    expect(said('Ava: Prairie Plumbing, how can I help?\nJohn: My sink is clogged.\nAva: I have Thursday at 10.\nJohn: Sure.')).toEqual([
      ['agent', 'Prairie Plumbing, how can I help?'],
      ['customer', 'My sink is clogged.'],
      ['agent', 'I have Thursday at 10.'],
      ['customer', 'Sure.'],
    ]);
  });

  it('opens turns at numbered labels even when each is said once', () => {
    expect(said('Speaker 1: Thanks for calling Volt Electric.\nSpeaker 2: Can someone come today?')).toEqual([
      ['agent', 'Thanks for calling Volt Electric.'],
      ['customer', 'Can someone come today?'],
    ]);
    expect(said('SPEAKER_00: thank you for calling how can i help\nSPEAKER_01: my furnace quit')).toEqual([
      ['agent', 'thank you for calling how can i help'],
      ['customer', 'my furnace quit'],
    ]);
  });

  it('keeps the side of a role word followed by a number', () => {
    expect(said('Agent 1: Summit Roofing.\nCaller 2: I need to cancel Friday.\nAgent 1: Done.')).toEqual([
      ['agent', 'Summit Roofing.'],
      ['customer', 'I need to cancel Friday.'],
      ['agent', 'Done.'],
    ]);
  });

  it('reads no label in a name said at one line start only, or in a clock time', () => {
    expect(said('AI: Hello.\nUser: Note: the gate code is 12:30 and\nAt 10:30 I leave.')).toEqual([
      ['agent', 'Hello.'],
      ['customer', 'Note: the gate code is 12:30 and\nAt 10:30 I leave.'],
    ]);
    expect(said('Dear team: my sink is clogged.')).toEqual([]);
  });
});

describe('the side of an unknown label', () => {
  it('is the agent for the label that greets for the business, even when it speaks second', () => {
    expect(said('Maria: Hello?\nTom: Thank you for calling Bright Spark Electric, how can I help?\nMaria: Fan.\nTom: Okay.')).toEqual([
      ['customer', 'Hello?'],
      ['agent', 'Thank you for calling Bright Spark Electric, how can I help?'],
      ['customer', 'Fan.'],
      ['agent', 'Okay.'],
    ]);
  });

  it('is the caller for the label that asks whether this is the business, even when it speaks first', () => {
    expect(said('Speaker 1: Hi, is this Bright Spark?\nSpeaker 2: Yes.\nSpeaker 1: Ok.')).toEqual([
      ['customer', 'Hi, is this Bright Spark?'],
      ['agent', 'Yes.'],
      ['customer', 'Ok.'],
    ]);
  });

  it('is the agent for the first to speak when two labels show no evidence (an inbound call is answered)', () => {
    expect(said('Dana: Hi there.\nLee: Hi.\nDana: Okay.\nLee: Bye.').map(([speaker]) => speaker)).toEqual([
      'agent',
      'customer',
      'agent',
      'customer',
    ]);
  });

  it('is the side a role word leaves free, when the label shows no evidence', () => {
    expect(said('AI: Hello.\nJohn: Hi.\nAI: Okay.\nJohn: Bye.').map(([speaker]) => speaker)).toEqual([
      'agent',
      'customer',
      'agent',
      'customer',
    ]);
    expect(said('John: Hello.\nCustomer: Hi.\nJohn: Okay.\nCustomer: Bye.').map(([speaker]) => speaker)).toEqual([
      'agent',
      'customer',
      'agent',
      'customer',
    ]);
  });

  it('maps a third label without evidence to no side: its lines stay in the turn before', () => {
    expect(said('Dana: Hi there.\nLee: Hi.\nSam: Me too.\nDana: Okay.\nLee: Bye.\nSam: Bye.')).toEqual([
      ['agent', 'Hi there.'],
      ['customer', 'Hi.\nSam: Me too.'],
      ['agent', 'Okay.'],
      ['customer', 'Bye.\nSam: Bye.'],
    ]);
  });

  it('is the agent for a label with evidence beside role words of both sides', () => {
    const sides = labelOpenings('AI: Hello.\nUser: Hi.\nMike: This is Mike from Apex Plumbing.\nUser: Ok.\nMike: Okay.').map(
      (l) => l.speaker,
    );
    expect(sides).toEqual(['agent', 'customer', 'agent', 'customer', 'agent']);
  });
});

describe('the side of a named label on an outbound call', () => {
  it('reads the one who says "it\'s Sam from Ridgeline" as the agent though the callee thanks them for calling', () => {
    expect(
      said(
        "Sam: Hi, it's Sam from Ridgeline. You requested a call back?\nLee: Yes, thanks for calling.\nSam: I can do tomorrow at 2.\nLee: 2's good.",
      ).map(([speaker]) => speaker),
    ).toEqual(['agent', 'customer', 'agent', 'customer']);
    expect(agentEvidence(["it's me from upstairs, the sink is leaking"])).toBe(0);
  });
});

describe('agent evidence', () => {
  it.each([
    'Thanks for calling Prairie Plumbing.',
    'How may I help you?',
    'This is Tom with Bright Spark.',
    'Good morning, Lakeview Heating and Air.',
    'I have Thursday at 10 or Friday at 2.',
    'We can do tomorrow morning.',
    'Can I get your address?',
    "You're all set.",
    "I've cancelled it for you.",
    "I'm sending our on-call plumber.",
  ])('counts for the agent: %s', (text) => expect(agentEvidence([text])).toBeGreaterThan(0));

  it.each([
    'Hi, is this Prairie Plumbing?',
    'Can someone come out today?',
    'My water heater is leaking.',
    'I need to cancel Friday.',
    'Your tech came Monday and left a mess.',
  ])('counts for the caller: %s', (text) => expect(agentEvidence([text])).toBeLessThan(0));

  it('counts nothing in words neither side owns', () => {
    expect(agentEvidence(['Okay.', 'Sounds good, bye.', ''])).toBe(0);
  });
});

describe('speaker labels, properties', () => {
  it('never throws on any text, nor on lines opened by any label', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (s) => void turnsFromText(s)));
    const label = fc.oneof(
      fc.constantFrom('constructor', '__proto__', 'toString', 'hasOwnProperty', 'Speaker 1'),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(label, fc.string({ maxLength: 30 })), { maxLength: 12 }), (lines) => {
        for (const turn of turnsFromText(lines.map(([l, t]) => `${l}: ${t}`).join('\n')))
          expect(['agent', 'customer']).toContain(turn.speaker);
      }),
    );
  });

  it('gives labels named like properties of an object a side like any name, and reads no label in __proto__', () => {
    expect(said('constructor: Hi.\ntoString: Hello.\nconstructor: Ok.\ntoString: Bye.').map(([speaker]) => speaker)).toEqual([
      'agent',
      'customer',
      'agent',
      'customer',
    ]);
    expect(said('AI: Hi.\n__proto__: x\n__proto__: y')).toEqual([['agent', 'Hi.\n__proto__: x\n__proto__: y']]);
  });

  it('leaves the side of role-word labels as it was, whatever unknown lines sit among them', () => {
    const role = fc.constantFrom(
      ['AI', 'agent'],
      ['Assistant', 'agent'],
      ['Customer', 'customer'],
      ['User', 'customer'],
      ['Caller', 'customer'],
    );
    const text = fc.stringMatching(/^[a-z][a-z .,!?]{0,20}[a-z!?.]$/);
    fc.assert(
      fc.property(fc.array(fc.tuple(role, text), { minLength: 1, maxLength: 12 }), (turns) => {
        const transcript = turns.map(([[label], t]) => `${label}: ${t}`).join('\n');
        expect(said(transcript)).toEqual(turns.map(([[, side], t]) => [side, t]));
      }),
    );
  });
});
