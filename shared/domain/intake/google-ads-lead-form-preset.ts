import type { FieldMapping, TargetField } from './field-mapping';
import type { Fields, IntakePreset } from './preset';

/** Google's lead-form columns: user_column_data[column_id=ID].string_value. */
function googleColumns(map: Partial<Record<TargetField, readonly string[]>>): Fields {
  return Object.fromEntries(
    Object.entries(map).map(([target, ids]) => [target, (ids ?? []).map((id) => `user_column_data[column_id=${id}].string_value`)]),
  );
}

/**
 * The Google Ads lead-form preset, in a module of its own because the direct lead-form route reads
 * it on every request and no other preset (presets.ts lists it with the others).
 */
export const GOOGLE_ADS_LEAD_FORM: IntakePreset = {
  name: 'google-ads-lead-form',
  title: 'Google Ads lead form (webhook)',
  description:
    "Google Ads lead-form extensions posting to a webhook: the answers are in user_column_data, one {column_id, column_name, string_value} per question, read by column_id (FULL_NAME, PHONE_NUMBER, EMAIL, ...), whatever their order; a custom question about the service is read by its column_id SERVICE or its column_name. lead_id is the external_id (Google's dedupe key), gcl_id the gclid, campaign_id / adgroup_id / creative_id the utm_campaign / utm_term / utm_content. Also the mapping of the direct route POST /api/outbound/google-ads/lead-form/{teamId}.",
  documentation: 'https://developers.google.com/google-ads/webhook/docs/implementation',
  mapping: {
    fields: {
      ...googleColumns({
        customer_name: ['FULL_NAME'],
        first_name: ['FIRST_NAME'],
        last_name: ['LAST_NAME'],
        phone_number: ['PHONE_NUMBER', 'WORK_PHONE'],
        email: ['EMAIL', 'WORK_EMAIL'],
        street: ['STREET_ADDRESS'],
        city: ['CITY'],
        state: ['REGION'],
        zip: ['POSTAL_CODE'],
        country: ['COUNTRY'],
      }),
      service_type: [
        'user_column_data[column_id=SERVICE].string_value',
        'user_column_data[column_name="What service do you need?"].string_value',
        'user_column_data[column_name=Service].string_value',
      ],
      external_id: ['lead_id'],
      gclid: ['gcl_id', 'gclid'],
      utm_campaign: ['campaign_id'],
      utm_term: ['adgroup_id'],
      utm_content: ['creative_id', 'asset_group_id'],
    },
    fallback_values: { lead_source: 'Google Ads', utm_source: 'google', utm_medium: 'lead_form' },
  },
};

/** The mapping of the direct Google Ads lead-form route. */
export const GOOGLE_ADS_LEAD_FORM_MAPPING: FieldMapping = GOOGLE_ADS_LEAD_FORM.mapping;
