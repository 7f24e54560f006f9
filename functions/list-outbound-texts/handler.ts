import { outboundFeedDependencies } from '#shared/adapters/runtime/outbound-feed-dependencies';
import { CURSOR_SECRET_ENV } from '#shared/adapters/runtime/resource-env';
import { secretReader } from '#shared/adapters/runtime/secrets';
import { requireTeamAccess } from '#shared/auth/team-access';
import { listOutboundTexts } from '#shared/contracts/outbound';
import { NotFoundError } from '#shared/errors';
import { createHttpHandler } from '#shared/http/handler';
import { readCursorList } from '#shared/pagination/cursor';
import { presentOutboundText } from '#shared/presenters/outbound';
import { presentTeamPage } from '#shared/presenters/responses';

const dependencies = outboundFeedDependencies();
const cursorSecret = secretReader(CURSOR_SECRET_ENV);

/** Campaign texts whose queued_at lies in [start_date, end_date), newest first. */
export const handler = createHttpHandler(listOutboundTexts, async (input) => {
  const { campaigns, feed } = dependencies();
  const teamId = requireTeamAccess(input.identity, input.path.teamId);
  const campaignId = input.query.campaign_id;
  if (campaignId !== undefined) {
    // Another team's campaign answers like an unknown one, before anything of it is read.
    const campaign = await campaigns.getCampaign(campaignId);
    if (campaign?.team_id !== teamId) throw new NotFoundError(`campaign_id: campaign ${campaignId} not found`);
  }
  const page = await readCursorList(input, {
    secret: await cursorSecret(),
    scope: { teamIds: [teamId] },
    fetch: (filters, pageQuery) =>
      feed.listTexts({
        teamId,
        campaignId: filters.campaign_id,
        status: filters.status,
        start: filters.start_date,
        end: filters.end_date,
        ...pageQuery,
      }),
    map: (row) => presentOutboundText(row.text),
  });
  return { statusCode: 200, body: presentTeamPage(page, teamId) };
});
