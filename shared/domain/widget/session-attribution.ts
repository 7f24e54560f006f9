import { type Attribution, NO_ATTRIBUTION } from '#shared/domain/leads';
import type { Session } from '#shared/domain/sessions';

/** A widget lead's attribution, booked or recovered: its session's UTM values and Google Ads click ids. */
export function sessionAttribution(session: Pick<Session, 'utm' | 'google_ads'>): Required<Attribution> {
  return {
    ...NO_ATTRIBUTION,
    utm_source: session.utm.source,
    utm_medium: session.utm.medium,
    utm_campaign: session.utm.campaign,
    utm_term: session.utm.term,
    utm_content: session.utm.content,
    gclid: session.google_ads.gclid,
    wbraid: session.google_ads.wbraid,
    gbraid: session.google_ads.gbraid,
  };
}
