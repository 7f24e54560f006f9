import type { TargetField } from './field-mapping';
import { GOOGLE_ADS_LEAD_FORM } from './google-ads-lead-form-preset';
import type { Fields, IntakePreset } from './preset';

/** Meta's lead fields: field_data[name=NAME].values[0]. */
function metaFields(map: Partial<Record<TargetField, readonly string[]>>): Fields {
  return Object.fromEntries(
    Object.entries(map).map(([target, names]) => [
      target,
      (names ?? []).map((name) => `field_data[name=${/^[\w$@+:./-]+$/.test(name) ? name : JSON.stringify(name)}].values[0]`),
    ]),
  );
}

const META_LEAD_ADS: IntakePreset = {
  name: 'meta-lead-ads',
  title: 'Meta lead ads (Graph API lead object)',
  description:
    'A Facebook/Instagram lead as the Graph API returns it (GET /{lead-id}, or relayed from the leadgen webhook): the answers are in field_data, one {name, values: [...]} per question, read by name (full_name, phone_number, email, ...); a custom question about the service is read by its name (service, service_type, what_service_do_you_need?). id is the external_id; campaign_name / adset_name / ad_name (or their ids) the utm_campaign / utm_term / utm_content, platform (fb, ig) the utm_source.',
  documentation: 'https://developers.facebook.com/docs/marketing-api/guides/lead-ads/retrieving',
  mapping: {
    fields: {
      ...metaFields({
        customer_name: ['full_name'],
        first_name: ['first_name'],
        last_name: ['last_name'],
        phone_number: ['phone_number', 'phone'],
        email: ['email'],
        street: ['street_address'],
        city: ['city'],
        state: ['state', 'province'],
        zip: ['zip_code', 'post_code', 'zip'],
        country: ['country'],
        service_type: ['service', 'service_type', 'what_service_do_you_need?'],
      }),
      external_id: ['id', 'leadgen_id'],
      utm_source: ['platform'],
      utm_campaign: ['campaign_name', 'campaign_id'],
      utm_term: ['adset_name', 'adset_id'],
      utm_content: ['ad_name', 'ad_id'],
    },
    fallback_values: { lead_source: 'Facebook', utm_source: 'facebook', utm_medium: 'paid_social' },
  },
};

const GOOGLE_LSA: IntakePreset = {
  name: 'google-lsa',
  title: 'Google Local Services leads',
  description:
    "A Local Services Ads lead as the Google Ads API's LocalServicesLead resource returns it (REST, camelCase: contactDetails.consumerName / phoneNumber / email, categoryId, serviceId, leadType, note), or the same in snake_case from a GAQL export relayed by a middleware. id is the external_id, serviceId (else categoryId) the service, leadType (MESSAGE, PHONE_CALL, BOOKING) the utm_content; the lead source 'Google Local Services' makes the lead type google_lsa.",
  documentation: 'https://developers.google.com/google-ads/api/fields/latest/local_services_lead',
  mapping: {
    fields: {
      customer_name: ['contactDetails.consumerName', 'contact_details.consumer_name', 'local_services_lead.contact_details.consumer_name'],
      phone_number: ['contactDetails.phoneNumber', 'contact_details.phone_number', 'local_services_lead.contact_details.phone_number'],
      email: ['contactDetails.email', 'contact_details.email', 'local_services_lead.contact_details.email'],
      service_type: ['serviceId', 'service_id', 'categoryId', 'category_id', 'local_services_lead.service_id'],
      external_id: ['id', 'local_services_lead.id', 'resourceName'],
      notes: ['note.description', 'local_services_lead.note.description'],
      utm_content: ['leadType', 'lead_type', 'local_services_lead.lead_type'],
      utm_campaign: ['categoryId', 'category_id'],
    },
    fallback_values: { lead_source: 'Google Local Services', utm_source: 'google', utm_medium: 'local_services' },
  },
};

const GOHIGHLEVEL: IntakePreset = {
  name: 'gohighlevel',
  title: 'GoHighLevel workflow webhook',
  description:
    "A GoHighLevel workflow's Webhook action: the contact's standard fields at the top level (contact_id, full_name, first_name, last_name, phone, email, address1, city, state, postal_code, country, contact_source), custom fields by their names, the action's custom data in customData, and the contact's first attribution in contact.attributionSource (utmSource, utmMedium, utmCampaign, utmTerm, utmContent, gclid).",
  documentation: 'https://help.gohighlevel.com/support/solutions/articles/155000003299-workflow-action-webhook',
  mapping: {
    fields: {
      customer_name: ['full_name', 'name', 'contact.name'],
      first_name: ['first_name', 'contact.first_name'],
      last_name: ['last_name', 'contact.last_name'],
      phone_number: ['phone', 'contact.phone', 'phone_number'],
      email: ['email', 'contact.email'],
      address: ['full_address'],
      street: ['address1'],
      city: ['city'],
      state: ['state'],
      zip: ['postal_code'],
      country: ['country'],
      service_type: ['customData.service', 'customData.service_type', 'service', 'service_type', '["Service Needed"]'],
      external_id: ['contact_id', 'contact.id', 'id'],
      lead_source: ['customData.lead_source', 'contact_source', 'contact.source'],
      notes: ['customData.notes', 'notes', 'message'],
      utm_source: ['contact.attributionSource.utmSource', 'attributionSource.utmSource', 'utm_source'],
      utm_medium: ['contact.attributionSource.utmMedium', 'attributionSource.utmMedium', 'utm_medium'],
      utm_campaign: ['contact.attributionSource.utmCampaign', 'attributionSource.utmCampaign', 'utm_campaign'],
      utm_term: ['contact.attributionSource.utmTerm', 'attributionSource.utmTerm', 'utm_term'],
      utm_content: ['contact.attributionSource.utmContent', 'attributionSource.utmContent', 'utm_content'],
      gclid: ['contact.attributionSource.gclid', 'attributionSource.gclid', 'gclid'],
    },
  },
};

const ZAPIER_FLAT: IntakePreset = {
  name: 'zapier',
  title: 'Zapier (or any flat JSON)',
  description:
    'Flat JSON as a Zapier webhook step (or a form tool) sends it: snake_case names (full_name, phone_number, email, service, utm_source, gclid, ...) or the labels Zapier shows ("Full Name", "Phone Number", "Email", "Service"); a Facebook lead flattened by Zapier\'s Lead Ads trigger maps the same way.',
  documentation: 'https://help.zapier.com/hc/en-us/articles/8496326446989-Send-webhooks-in-Zaps',
  mapping: {
    fields: {
      customer_name: ['full_name', 'name', '["Full Name"]', '["Name"]'],
      first_name: ['first_name', '["First Name"]'],
      last_name: ['last_name', '["Last Name"]'],
      phone_number: ['phone_number', 'phone', '["Phone Number"]', '["Phone"]', 'mobile'],
      email: ['email', '["Email"]', 'email_address'],
      service_type: ['service', 'service_type', '["Service"]', '["Service Type"]', 'what_service_do_you_need'],
      external_id: ['id', 'lead_id', 'external_id', '["Lead ID"]'],
      lead_source: ['lead_source', 'source', '["Lead Source"]'],
      utm_source: ['utm_source', '["UTM Source"]'],
      utm_medium: ['utm_medium', '["UTM Medium"]'],
      utm_campaign: ['utm_campaign', '["UTM Campaign"]', 'campaign_name'],
      gclid: ['gclid', 'gcl_id', '["GCLID"]'],
    },
  },
};

/**
 * Field mappings for the lead sources home-services businesses use, each tested against a sample
 * payload written from the provider's documented shape (test/fixtures/lead-sources/). An operator
 * applies one to a team (`intake preset apply NAME --team ID`): it replaces the team's field
 * mapping; targets a preset leaves out keep their default aliases. The ingest route imports this
 * module with the first request naming a `?preset=` (most read the team's own mapping); the Google
 * Ads lead-form route reads only its own preset (google-ads-lead-form-preset.ts).
 */
export const INTAKE_PRESETS: readonly IntakePreset[] = [GOOGLE_ADS_LEAD_FORM, META_LEAD_ADS, GOOGLE_LSA, GOHIGHLEVEL, ZAPIER_FLAT];

export function presetByName(name: string): IntakePreset | undefined {
  return INTAKE_PRESETS.find((p) => p.name === name.trim().toLowerCase());
}
