import Ajv2020 from 'ajv/dist/2020';
import { redactedEventDetail } from '#shared/domain/data-subject-deletions/redacted-event';
import { type JsonSchema, publishedEventSchema } from '#shared/domain/data-subject-deletions/redacted-event-schema';
import { mentionsSubject } from '#shared/domain/data-subject-deletions/request';
import { type ExamplePerson, outboxEventExamples } from '../../../support/event-examples';
import { eventSchema, eventViolations, PUBLISHED_EVENT_TYPES } from '../../../support/event-schemas';

/** Sent by the test route straight to one subscription, never through the outbox: never redacted. */
const NOT_THROUGH_THE_OUTBOX = ['webhook.test'];

/** A small seeded generator: the same people on every run, a different one per seed. */
function randomPerson(seed: number): ExamplePerson {
  let state = seed;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
  const digits = (count: number) => Array.from({ length: count }, () => String(next(10))).join('');
  const letters = (count: number) => Array.from({ length: count }, () => String.fromCharCode(97 + next(26))).join('');
  const area = `${2 + next(8)}${digits(2)}`;
  const local = `${2 + next(8)}${digits(2)}${digits(4)}`;
  const spellings = [
    `+1${area}${local}`,
    `(${area}) ${local.slice(0, 3)}-${local.slice(3)}`,
    `${area}.${local.slice(0, 3)}.${local.slice(3)}`,
  ];
  const name = `${letters(1).toUpperCase()}${letters(5)} ${letters(1).toUpperCase()}${letters(7)}`;
  const written = spellings[next(spellings.length)] ?? `+1${area}${local}`;
  return { name, phone: `+1${area}${local}`, written, email: `${letters(6)}.${letters(4)}@example.com` };
}

const subjectOf = (person: ExamplePerson) => ({ phone: person.phone, email: person.email });

const SEEDS = Array.from({ length: 25 }, (_, i) => 7919 * (i + 1));

describe('the published event schemas', () => {
  it.each(PUBLISHED_EVENT_TYPES)('%s publishes the redacted form derived from its event (bin/event-schemas.ts)', (type) => {
    const file = eventSchema(type);
    expect(file).toEqual(publishedEventSchema(file));
  });

  it('have an example for every event that goes through the outbox, and only for those', () => {
    const examples = outboxEventExamples(randomPerson(1)).map((e) => e.type);
    expect(new Set(examples)).toEqual(new Set(PUBLISHED_EVENT_TYPES.filter((t) => !NOT_THROUGH_THE_OUTBOX.includes(t))));
  });

  it.each(SEEDS)('admit every event whole and redacted, whoever it named (person #%i)', (seed) => {
    const person = randomPerson(seed);
    for (const event of outboxEventExamples(person)) {
      expect(eventViolations(event)).toEqual([]);
      const redacted = { type: event.type, detail: redactedEventDetail(event.detail, subjectOf(person)) };
      expect(eventViolations(redacted)).toEqual([]);
      expect(mentionsSubject(JSON.stringify(redacted.detail), subjectOf(person))).toBe(false);
      expect(JSON.stringify(redacted.detail)).not.toContain(person.name);
    }
  });

  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, validateFormats: false });
  const form = (type: string, name: 'event' | 'redacted') => {
    const defs = eventSchema(type).$defs as Record<string, JsonSchema>;
    return ajv.compile({ ...defs[name] });
  };

  it.each(PUBLISHED_EVENT_TYPES.filter((t) => !NOT_THROUGH_THE_OUTBOX.includes(t)))(
    '%s redacted is the redacted form only, keeps its event id, and is told apart by redacted: true',
    (type) => {
      const person = randomPerson(3);
      const event = outboxEventExamples(person).find((e) => e.type === type);
      if (!event) throw new Error(`no example of ${type}`);
      const redacted = redactedEventDetail(event.detail, subjectOf(person));
      expect(form(type, 'redacted')(redacted)).toBe(true);
      expect(form(type, 'event')(redacted)).toBe(false);
      expect(form(type, 'redacted')(event.detail)).toBe(false);
      expect(redacted).toMatchObject({ event: type, event_id: event.detail.event_id, redacted: true });
    },
  );

  it('refuse a redacted event that still carries a personal member', () => {
    const person = randomPerson(5);
    const created = outboxEventExamples(person).find((e) => e.type === 'lead.created');
    if (!created) throw new Error('no lead.created example');
    const redacted = redactedEventDetail(created.detail, subjectOf(person));
    const leaked = { ...redacted, lead: { customer_name: person.name } };
    expect(eventViolations({ type: created.type, detail: leaked }).join()).toMatch(/customer_name|must be null|oneOf/);
  });
});
