import type { IssueSpec, Trade } from './catalog';
import type { Random } from './random';

/** Where visitors come from: UTM parameters and Google Ads click ids per trade and issue. */

interface UtmMix {
  readonly source: string | null;
  readonly medium: string | null;
  readonly campaigns: readonly string[];
  /** Paid search: carries terms, ad content and Google Ads click ids. */
  readonly paidSearch?: boolean;
  readonly googleAds?: boolean;
  readonly contents?: readonly string[];
}

function utmMixes(trade: Trade): readonly (readonly [UtmMix, number])[] {
  const slug = trade === 'home_services' ? 'home_services' : trade;
  return [
    [
      {
        source: 'google',
        medium: 'cpc',
        campaigns: [`${slug}_search_nonbrand`, `${slug}_search_brand`, `emergency_${slug}`, 'pmax_home_services'],
        paidSearch: true,
        googleAds: true,
        contents: ['rsa_1', 'rsa_2', 'call_ext'],
      },
      34,
    ],
    [
      {
        source: 'facebook',
        medium: 'paid',
        campaigns: ['seasonal_tuneup_promo', 'water_heater_special', 'retargeting_site_visitors'],
        contents: ['carousel_1', 'video_15s', 'single_image_b'],
      },
      11,
    ],
    [{ source: null, medium: null, campaigns: [] }, 24],
    [{ source: 'google', medium: 'organic', campaigns: [] }, 12],
    [
      {
        source: 'newsletter',
        medium: 'email',
        campaigns: ['monthly_newsletter', 'maintenance_club_reminder'],
        contents: ['header_cta', 'footer_link'],
      },
      6,
    ],
    [{ source: 'yelp', medium: 'referral', campaigns: [] }, 5],
    [{ source: 'nextdoor', medium: 'social', campaigns: ['neighborhood_favorite'] }, 4],
    [{ source: 'bing', medium: 'cpc', campaigns: [`${slug}_search_nonbrand`], paidSearch: true }, 4],
  ];
}

const CLICK_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function attributionFor(rng: Random, trade: Trade, issue: IssueSpec) {
  const mix = rng.weighted(utmMixes(trade));
  const utm = {
    source: mix.source,
    medium: mix.medium,
    campaign: mix.campaigns.length > 0 ? rng.pick(mix.campaigns) : null,
    term: mix.paidSearch ? `${issue.issue.toLowerCase()} ${rng.pick(['near me', 'cost', 'same day', '24 hour', ''])}`.trim() : null,
    content: mix.contents ? rng.pick(mix.contents) : null,
  };
  const google_ads = { gclid: null as string | null, wbraid: null as string | null, gbraid: null as string | null };
  if (mix.googleAds) {
    const roll = rng.float();
    // Most clicks carry a gclid; iOS app/web traffic carries wbraid or gbraid instead.
    if (roll < 0.78) google_ads.gclid = `Cj0KCQiA${rng.chars(72, CLICK_ID_ALPHABET)}_BwE`;
    else if (roll < 0.9) google_ads.wbraid = `CjkKCQiA${rng.chars(40, CLICK_ID_ALPHABET)}`;
    else google_ads.gbraid = `0AAAAA${rng.chars(26, CLICK_ID_ALPHABET)}`;
  }
  return { utm, google_ads };
}
