import { teamPk } from './keys';

/**
 * Index keys of the campaigns table's send records (the outbound texts feed, see tables.ts):
 * - textsPk `TEAM#<t>#TEXTS`: every text of the team (index textsByTeam);
 * - textsStatusPk `TEAM#<t>#TEXTS#<status>`: the team's texts in one status (textsByTeamStatus),
 *   rewritten when the record settles;
 * - textsSk `<recorded at>#<campaign>#<phone>`: newest first, unique; the record's base key `pk`
 *   (CAMPAIGN#<id>) with textsSk is the per-campaign index (textsByCampaign).
 */
export const textsPk = (teamId: number) => `${teamPk(teamId)}#TEXTS`;
export const textsStatusPk = (teamId: number, status: string) => `${teamPk(teamId)}#TEXTS#${status}`;
export const textsSk = (at: string, campaignId: string, phone: string) => `${at}#${campaignId}#${phone}`;

/** Subscription events: the team's partition sorted by time, and per type (index byEventType). */
export const subscriptionEventsPk = (teamId: number) => `${teamPk(teamId)}#SUBEVENTS`;
export const subscriptionEventTypePk = (teamId: number, type: string) => `${teamPk(teamId)}#SUBEVENTS#${type}`;
