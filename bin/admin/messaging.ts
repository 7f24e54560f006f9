import { randomUUID } from 'node:crypto';
import { toE164 } from '#shared/domain/phone';
import { CAMPAIGN_TYPES } from '#shared/domain/sms-campaigns/campaign-request';
import { messagesPerSecond } from '#shared/domain/sms-campaigns/campaign-schedule';
import { type MessagingConfig, MessagingConfigError, readMessagingConfig } from '#shared/domain/sms-campaigns/messaging-config';
import { isSolicitation, SOLICITATION_BY_TYPE } from '#shared/domain/sms-campaigns/solicitation';
import type { SubscriptionEvent } from '#shared/domain/sms-campaigns/subscription-events';
import { type Command, requireTeam } from './command';
import { UsageError } from './errors';
import { optionalInteger, optionalString, phoneRegion, requiredString, type Values } from './flags';
import { toJson } from './format';

/** Texting (SMS campaigns): a team's send window and region, and its suppression list. */
export const MESSAGING_COMMANDS: Record<string, Command> = {
  'messaging show': {
    help: {
      summary: 'the team’s texting configuration: quiet hours and phone region',
      usage: '--team ID',
      flags: { '--team ID': 'the team' },
      examples: ['messaging show --team 2'],
    },
    options: { team: { type: 'string' } },
    async run(context) {
      const team = await requireTeam(context);
      const config = await context.messaging.getMessagingConfig(team.id);
      context.out(
        context.json
          ? toJson(config)
          : [
              `Texting configuration of team ${team.id} (${team.name}, ${team.timezone})`,
              `  quiet hours   texts go out ${config.quiet_hours.start_hour}:00-${config.quiet_hours.end_hour}:00 recipient local time (state rules narrow it for solicitations)`,
              `  phone region  ${config.phone_region}`,
              `  solicitations ${CAMPAIGN_TYPES.filter((t) => isSolicitation(t, config.solicitation_overrides)).join(', ')}${
                Object.keys(config.solicitation_overrides ?? {}).length > 0 ? ' (overridden for this team)' : ''
              }`,
              `  origination   ${config.origination?.type ?? '10dlc'} at ${messagesPerSecond(config)} message(s) per second`,
            ].join('\n'),
      );
    },
  },

  'messaging quiet-hours': {
    help: {
      summary: 'the local hours campaigns may text in (default 8-21)',
      usage: '--team ID [--start H] [--end H]',
      flags: { '--team ID': 'the team', '--start H': 'first hour texts may go out (0-24)', '--end H': 'hour texts stop (0-24)' },
      examples: ['messaging quiet-hours --team 2 --start 9 --end 20'],
    },
    options: { team: { type: 'string' }, start: { type: 'string' }, end: { type: 'string' } },
    async run(context) {
      const team = await requireTeam(context);
      const current = await context.messaging.getMessagingConfig(team.id);
      const candidate = {
        ...current,
        quiet_hours: {
          start_hour: hourFlag(context.values, '--start') ?? current.quiet_hours.start_hour,
          end_hour: hourFlag(context.values, '--end') ?? current.quiet_hours.end_hour,
        },
      };
      const config = checkedWindow(candidate, context.values);
      await context.messaging.putMessagingConfig(team.id, config);
      context.out(
        context.json
          ? toJson(config)
          : `Saved: campaigns of team ${team.id} that respect quiet hours text between ${config.quiet_hours.start_hour}:00 and ${config.quiet_hours.end_hour}:00 local`,
      );
    },
  },

  'messaging phone-region': {
    help: {
      summary: 'the region of recipient numbers given without +country',
      usage: '--team ID --region CC',
      flags: { '--team ID': 'the team', '--region CC': 'a two-letter region with a numbering plan, such as US or CA (default US)' },
      examples: ['messaging phone-region --team 2 --region US'],
    },
    options: { team: { type: 'string' }, region: { type: 'string' } },
    async run(context) {
      const team = await requireTeam(context);
      const region = phoneRegion(context.values);
      const config = { ...(await context.messaging.getMessagingConfig(team.id)), phone_region: region };
      await context.messaging.putMessagingConfig(team.id, config);
      context.out(context.json ? toJson(config) : `Saved: recipient numbers without +country are read in ${region}`);
    },
  },

  'messaging opt-out': {
    help: {
      summary: 'add a number to the team’s suppression list (never texted)',
      usage: '--team ID --phone NUMBER',
      flags: { '--team ID': 'the team', '--phone NUMBER': 'the number (+country, or in the team’s phone region)' },
      examples: ['messaging opt-out --team 2 --phone "+1 512 555 0100"'],
    },
    options: { team: { type: 'string' }, phone: { type: 'string' } },
    async run(context) {
      const team = await requireTeam(context);
      const config = await context.messaging.getMessagingConfig(team.id);
      const phone = phoneFlag(context.values, config.phone_region);
      const at = new Date().toISOString();
      await context.campaigns.suppress(team.id, phone, 'OPERATOR', at, operatorEvent(team.id, phone, 'suppressed', at));
      context.out(context.json ? toJson({ team_id: team.id, phone, suppressed: true }) : `${phone} will not be texted by team ${team.id}`);
    },
  },

  'messaging opt-in': {
    help: {
      summary: 'remove a number from the team’s suppression list (asks first)',
      usage: '--team ID --phone NUMBER [--yes]',
      flags: { '--team ID': 'the team', '--phone NUMBER': 'the number (+country, or in the team’s phone region)' },
      notes: ['Campaigns may text the number again: only with the person’s consent.'],
      examples: ['messaging opt-in --team 2 --phone "+1 512 555 0100" --yes'],
      confirms: true,
    },
    options: { team: { type: 'string' }, phone: { type: 'string' } },
    async run(context) {
      const team = await requireTeam(context);
      const config = await context.messaging.getMessagingConfig(team.id);
      const phone = phoneFlag(context.values, config.phone_region);
      await context.confirm(
        `Remove ${phone} from the suppression list of team ${team.id} (${team.name}), so its campaigns may text it again?`,
      );
      await context.campaigns.unsuppress(team.id, phone, operatorEvent(team.id, phone, 'unsuppressed', new Date().toISOString()));
      context.out(
        context.json ? toJson({ team_id: team.id, phone, suppressed: false }) : `${phone} may be texted by team ${team.id} again`,
      );
    },
  },

  'messaging solicitation': {
    help: {
      summary: 'whether a campaign type is a telephone solicitation for the team (state hours and caps apply)',
      usage: '--team ID --type TYPE --solicitation yes|no|default',
      flags: {
        '--team ID': 'the team',
        '--type TYPE': `a campaign type: ${CAMPAIGN_TYPES.join(', ')}`,
        '--solicitation yes|no|default':
          'yes: state hours, closed days and caps apply; no: only the team’s quiet hours; default: the built-in choice',
      },
      notes: [
        `Built in: ${CAMPAIGN_TYPES.filter((t) => SOLICITATION_BY_TYPE[t]).join(', ')} are solicitations; ${CAMPAIGN_TYPES.filter((t) => !SOLICITATION_BY_TYPE[t]).join(', ')} are not.`,
      ],
      examples: ['messaging solicitation --team 2 --type service_follow_up --solicitation yes'],
    },
    options: { team: { type: 'string' }, type: { type: 'string' }, solicitation: { type: 'string' } },
    async run(context) {
      const team = await requireTeam(context);
      const type = requiredString(context.values, '--type');
      if (!(CAMPAIGN_TYPES as readonly string[]).includes(type)) {
        throw new UsageError(`--type must be one of ${CAMPAIGN_TYPES.join(', ')}`, '--type');
      }
      const choice = requiredString(context.values, '--solicitation');
      if (!['yes', 'no', 'default'].includes(choice)) throw new UsageError('--solicitation must be yes, no or default', '--solicitation');
      const current = await context.messaging.getMessagingConfig(team.id);
      const overrides: Record<string, boolean> = { ...(current.solicitation_overrides ?? {}) };
      if (choice === 'default') delete overrides[type];
      else overrides[type] = choice === 'yes';
      const config = readMessagingConfig({ ...current, solicitation_overrides: overrides });
      await context.messaging.putMessagingConfig(team.id, config);
      const now = isSolicitation(type as (typeof CAMPAIGN_TYPES)[number], config.solicitation_overrides);
      context.out(
        context.json
          ? toJson(config)
          : `Saved: ${type} campaigns of team ${team.id} are ${now ? 'solicitations (state hours, closed days and caps apply)' : 'not solicitations (only the team’s quiet hours apply)'}`,
      );
    },
  },

  'messaging origination': {
    help: {
      summary: 'the team’s sending identity and its messages-per-second ceiling',
      usage: '--team ID --type 10dlc|toll_free|short_code [--mps N]',
      flags: {
        '--team ID': 'the team',
        '--type TYPE': '10dlc, toll_free or short_code',
        '--mps N': 'the carrier-approved rate (default: 10DLC 1, toll-free 3, short code 100)',
      },
      examples: ['messaging origination --team 2 --type 10dlc --mps 4'],
    },
    options: { team: { type: 'string' }, type: { type: 'string' }, mps: { type: 'string' } },
    async run(context) {
      const team = await requireTeam(context);
      const type = requiredString(context.values, '--type');
      if (!['10dlc', 'toll_free', 'short_code'].includes(type))
        throw new UsageError('--type must be 10dlc, toll_free or short_code', '--type');
      const mpsText = optionalString(context.values, '--mps');
      const mps = mpsText === null ? undefined : Number(mpsText);
      if (mps !== undefined && !(Number.isFinite(mps) && mps > 0 && mps <= 1000)) {
        throw new UsageError('--mps must be a number above 0, at most 1000', '--mps');
      }
      const current = await context.messaging.getMessagingConfig(team.id);
      const config = readMessagingConfig({
        ...current,
        origination: { type, ...(mps === undefined ? {} : { messages_per_second: mps }) },
      });
      await context.messaging.putMessagingConfig(team.id, config);
      context.out(
        context.json ? toJson(config) : `Saved: team ${team.id} sends as ${type} at ${messagesPerSecond(config)} message(s) per second`,
      );
    },
  },

  'messaging review': {
    help: {
      summary: 'replies that may mean stop in other words (possible opt-outs), newest first',
      usage: '--team ID [--days N]',
      flags: { '--team ID': 'the team', '--days N': 'how far back to look (default 30)' },
      notes: [
        'A reply that uses stop, end, cancel or quit beside other words ("I can’t end up coming Tuesday") is not taken as an opt-out; it is listed here. If it meant stop, run messaging opt-out for the number.',
      ],
      examples: ['messaging review --team 2 --days 7'],
    },
    options: { team: { type: 'string' }, days: { type: 'string' } },
    async run(context) {
      const team = await requireTeam(context);
      const days = optionalInteger(context.values, '--days') ?? 30;
      if (days < 1 || days > 366) throw new UsageError('--days must be from 1 to 366', '--days');
      const start = new Date(Date.now() - days * 86_400_000).toISOString();
      const rows = await context.outbound.listSubscriptionEvents({ teamId: team.id, type: 'possible_opt_out', start, limit: 200 });
      const events = rows.map((r) => r.event);
      if (context.json) {
        context.out(toJson(events));
        return;
      }
      if (events.length === 0) {
        context.out(`No replies to review for team ${team.id} in the last ${days} days`);
        return;
      }
      context.out(
        [
          `Replies to review for team ${team.id} (${team.name}), last ${days} days (newest first):`,
          ...events.map((e) => `  ${e.occurred_at}  ${e.phone}  ${e.keyword ?? ''}  ${JSON.stringify(e.message ?? '')}`),
          'If one meant stop: messaging opt-out --team ID --phone NUMBER',
        ].join('\n'),
      );
    },
  },
};

/**
 * The configuration with its new window, checked by the configuration's reader; a window it
 * refuses is the fault of the flag behind the hour, or of the one the operator typed (a start after
 * the end is both's).
 */
function checkedWindow(candidate: MessagingConfig, values: Values): MessagingConfig {
  try {
    return readMessagingConfig(candidate);
  } catch (error) {
    if (!(error instanceof MessagingConfigError)) throw error;
    const typed = ['--start', '--end'].filter((flag) => optionalString(values, flag) !== null);
    const field = error.path.split('.').at(-1);
    const flag = field === 'end_hour' ? '--end' : field === 'start_hour' ? '--start' : typed.length === 1 ? typed[0] : '--start/--end';
    throw new UsageError(`${flag}: ${error.path}: must be ${error.expected}`, typed[0] ?? '--start');
  }
}

function hourFlag(values: Values, flag: string): number | undefined {
  const text = optionalString(values, flag);
  if (text === null) return undefined;
  if (!/^\d{1,2}$/.test(text)) throw new UsageError(`${flag} must be a whole hour from 0 to 24`, flag);
  return Number(text);
}

function phoneFlag(values: Values, region: string): string {
  const raw = requiredString(values, '--phone');
  const phone = toE164(raw, region);
  if (!phone) throw new UsageError(`--phone '${raw}' is not a valid phone number`, '--phone');
  return phone;
}

/** The outbound subscription-events feed records every operator change of a suppression list. */
function operatorEvent(teamId: number, phone: string, type: 'suppressed' | 'unsuppressed', at: string): SubscriptionEvent {
  return {
    event_id: `op_${randomUUID()}`,
    team_id: teamId,
    type,
    phone,
    keyword: null,
    source: 'operator',
    suppression_change: type === 'suppressed' ? 'added' : 'removed',
    campaign_id: null,
    occurred_at: at,
  };
}
