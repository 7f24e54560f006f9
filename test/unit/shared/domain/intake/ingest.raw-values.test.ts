import { presentCanonicalLead, presentUnifiedLead } from '#shared/presenters/leads';
import { eventViolations } from '../../../../support/event-schemas';
import { ANCHOR, created, NOW, setup } from '../../../../support/ingest-harness';

process.env.LOG_LEVEL = 'silent';

/** Click-id attribution, phones kept as sent, and the explain answer of test mode. */
describe('ingestLead: click ids', () => {
  it("maps Google's gcl_id to gclid, and wbraid and gbraid, into the lead, both feeds and lead.created", async () => {
    const { deps, ingest } = setup();
    const result = created(
      await ingest({
        name: 'Ana Ruiz',
        phone: '212-555-0142',
        gcl_id: 'EAIaIQobChMI-gcl',
        wbraid: 'wb-123',
        gbraid: 'gb-456',
        utm_source: 'google',
      }),
    );

    const lead = deps.intake.leads.get(result.stlCallId);
    expect(lead?.attribution).toMatchObject({ gclid: 'EAIaIQobChMI-gcl', wbraid: 'wb-123', gbraid: 'gb-456', utm_source: 'google' });
    if (!lead) throw new Error('no lead');
    expect(presentUnifiedLead(lead).attribution).toEqual({
      utm_source: 'google',
      utm_medium: '',
      utm_campaign: '',
      gclid: 'EAIaIQobChMI-gcl',
      wbraid: 'wb-123',
      gbraid: 'gb-456',
    });
    expect(presentCanonicalLead(lead).attribution).toMatchObject({
      gclid: 'EAIaIQobChMI-gcl',
      wbraid: 'wb-123',
      gbraid: 'gb-456',
      utm_term: null,
    });
    const event = deps.eventBus.published.find((e) => e.type === 'lead.created');
    expect(event?.detail.attribution).toMatchObject({ gclid: 'EAIaIQobChMI-gcl', wbraid: 'wb-123', gbraid: 'gb-456' });
    expect(result.decision.unmappedFields).toEqual([]);
  });

  it('reads a lead stored before wbraid and gbraid existed with those members null', async () => {
    const { deps, ingest } = setup();
    const result = created(await ingest({ name: 'Ana Ruiz', phone: '212-555-0143' }));
    const lead = deps.intake.leads.get(result.stlCallId);
    if (!lead) throw new Error('no lead');
    const { wbraid: _w, gbraid: _g, ...older } = lead.attribution;
    expect(presentCanonicalLead({ ...lead, attribution: older }).attribution).toMatchObject({ wbraid: null, gbraid: null });
    expect(presentUnifiedLead({ ...lead, attribution: older }).attribution).toMatchObject({ wbraid: '', gbraid: '' });
  });
});

describe('ingestLead: a phone that does not read as a number is kept as sent', () => {
  it('stores the lead with phone null and phone_raw, calls nobody, and says so in the events', async () => {
    const { deps, ingest } = setup();
    const result = created(
      await ingest({ name: 'Ana Ruiz', phone: 'call me at the shop', email: 'ana@example.com', external_id: 'raw-1' }),
    );

    const lead = deps.intake.leads.get(result.stlCallId);
    expect(lead).toMatchObject({ customer_phone: null, customer_phone_raw: 'call me at the shop', customer_email: 'ana@example.com' });
    expect(lead?.outreach).toMatchObject({ status: 'completed', outcome: 'failed', dispatched: true });
    expect(result.decision.outreach.status).toBe('not_placed');
    expect(result.decision.warnings.join(' ')).toContain('is not a valid phone number; the lead is kept with the raw value');
    expect(deps.outreachQueue.sent).toHaveLength(0);
    expect(deps.scheduler.scheduled).toHaveLength(0);
    if (!lead) throw new Error('no lead');
    expect(presentCanonicalLead(lead).customer).toEqual({
      name: 'Ana Ruiz',
      phone: null,
      phone_raw: 'call me at the shop',
      email: 'ana@example.com',
    });
    expect(presentUnifiedLead(lead)).toMatchObject({ customer_phone: '', customer_phone_raw: 'call me at the shop' });

    const types = deps.eventBus.published.map((e) => e.type);
    expect(types).toEqual(['lead.created', 'lead.completed']);
    const [createdEvent, completedEvent] = deps.eventBus.published;
    expect(createdEvent?.detail).toMatchObject({
      lead: { phone_number: null, phone_number_raw: 'call me at the shop' },
      outreach: { status: 'not_placed' },
    });
    expect(completedEvent?.detail).toMatchObject({ outcome: 'failed', attempts: 0 });
    expect(deps.eventBus.published.flatMap(eventViolations)).toEqual([]);
  });

  it('tries the next alias when a value is not a phone number, and explains it', async () => {
    const { deps, ingest } = setup({
      [ANCHOR.id]: { field_mapping: { fields: { phone_number: ['answers[0]', 'answers[1]'], email: ['answers[1]', 'answers[0]'] } } },
    });
    const result = created(await ingest({ name: 'Ana', answers: ['ana@example.com', '(212) 555-0144'] }));

    expect(deps.intake.leads.get(result.stlCallId)).toMatchObject({ customer_phone: '+12125550144', customer_email: 'ana@example.com' });
    expect(result.decision.explain.phone_number).toEqual({
      matched: 'answers[1]',
      aliases: 'team',
      tried: [
        { alias: 'answers[0]', result: 'invalid', detail: 'not a phone number (read in region US)' },
        { alias: 'answers[1]', result: 'matched' },
      ],
    });
    expect(result.decision.explain.email?.tried[0]).toEqual({ alias: 'answers[1]', result: 'invalid', detail: 'not an email address' });
  });

  it('still refuses a lead that sent no phone at all, naming phone_number', async () => {
    const { ingest } = setup();
    await expect(ingest({ name: 'Ana' })).rejects.toMatchObject({ field: 'phone_number' });
  });
});

describe('ingestLead: the explain answer of test mode', () => {
  it('says per target which alias matched, and why each other alias gave nothing', async () => {
    const { deps, ingest } = setup({
      [ANCHOR.id]: {
        field_mapping: {
          fields: {
            customer_name: ['user_column_data[column_id=FULL_NAME].string_value'],
            service_type: ['form.service', 'form.notes', 'form.tags', 'service'],
          },
        },
      },
    });
    const result = await ingest(
      {
        user_column_data: [{ column_id: 'PHONE_NUMBER', string_value: '+12125550145' }],
        phone: '+12125550145',
        form: { service: '  ', tags: ['a'] },
      },
      { testMode: true, now: NOW },
    );
    if (result.kind !== 'preview') throw new Error('expected a preview');
    const { explain } = result.decision;

    expect(explain.customer_name).toEqual({
      matched: null,
      aliases: 'team',
      tried: [
        {
          alias: 'user_column_data[column_id=FULL_NAME].string_value',
          result: 'missing',
          detail: 'no element of user_column_data has column_id=FULL_NAME',
        },
      ],
    });
    expect(explain.service_type?.tried).toEqual([
      { alias: 'form.service', result: 'empty' },
      { alias: 'form.notes', result: 'missing', detail: 'nothing at form.notes' },
      { alias: 'form.tags', result: 'not_scalar' },
      { alias: 'service', result: 'missing', detail: 'nothing at service' },
    ]);
    expect(explain.phone_number).toMatchObject({ matched: 'phone', aliases: 'default' });
    const composed = await ingest({ firstName: 'Ana', lastName: 'Ruiz', phone: '+12125550146' }, { testMode: true, now: NOW });
    if (composed.kind !== 'preview') throw new Error('expected a preview');
    expect(composed.decision.explain.customer_name).toMatchObject({ matched: null, composed_from: ['first_name', 'last_name'] });
    expect(deps.intake.leads.size).toBe(0);
  });
});
