import { formatDuration, parseDuration, parseReminderOffsets, RECOVERY_MODES } from '#shared/domain/appointment-texts/scheduler-settings';
import { schedulerSettingsSchema } from '#shared/domain/scheduler-settings-schema';
import { type DayHours, type SchedulerSettings, WEEKDAYS, type Weekday } from '#shared/domain/schedulers';
import { bookingPageUrl, embedCode } from '#shared/domain/widget/embed';
import { type Command, requireTeam } from './command';
import { UsageError } from './errors';
import { optionalInteger, optionalString, requiredId } from './flags';
import { toJson } from './format';

/** Scheduler (booking widget) configurations: what GET /api/v1/teams/{teamId}/schedulers lists. */

/** The flag an operator typed for each member of the settings, so a refusal names it. */
const SETTING_FLAGS: Record<keyof SchedulerSettings, string> = {
  name: '--name',
  services: '--services',
  job_types: '--job-types',
  service_areas: '--areas',
  time_zone: '--time-zone',
  hours: '--hours',
  slot_minutes: '--slot-minutes',
  interval_minutes: '--interval-minutes',
  lead_time_minutes: '--lead-time-minutes',
  days_ahead: '--days-ahead',
  capacity_per_slot: '--capacity',
  allowed_origins: '--allowed-origins',
  reminder_offsets_minutes: '--reminder-offsets',
  change_cutoff_minutes: '--change-cutoff',
  recovery: '--recovery',
};

/** The booking settings' flags: whole numbers, each left as it is when not given. */
const BOOKING_NUMBER_FLAGS = [
  ['slot_minutes', '--slot-minutes'],
  ['interval_minutes', '--interval-minutes'],
  ['lead_time_minutes', '--lead-time-minutes'],
  ['days_ahead', '--days-ahead'],
  ['capacity_per_slot', '--capacity'],
] as const;

/** A Map, not an object: the key is the operator's word, and an inherited member must name no day. */
const DAY_NAMES: ReadonlyMap<string, Weekday> = new Map<string, Weekday>([
  ['mon', 'monday'],
  ['tue', 'tuesday'],
  ['wed', 'wednesday'],
  ['thu', 'thursday'],
  ['fri', 'friday'],
  ['sat', 'saturday'],
  ['sun', 'sunday'],
]);

/** `npm start`'s address: where the booking page is when the operator names no other. */
const LOCAL_BASE_URL = 'http://127.0.0.1:3000';

function baseUrlOf(values: Parameters<typeof optionalString>[0]): string {
  const given = optionalString(values, '--base-url') ?? process.env.SERVICE_URL ?? LOCAL_BASE_URL;
  if (!/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(given))
    throw new UsageError(`--base-url: must be an http(s) URL; got '${given}'`, '--base-url');
  return given.replace(/\/+$/, '');
}

const CLOSED_WEEK = Object.fromEntries(WEEKDAYS.map((day) => [day, null])) as Record<Weekday, DayHours>;

const SYSTEMS = ['none', 'sandbox', 'servicetitan'] as const;

/** `--cancel-reason`: a positive id, or absent (the tenant's first active reason). */
function cancelReason(value: number | null): { cancel_reason_id?: number } {
  if (value === null) return {};
  if (value <= 0) throw new UsageError('--cancel-reason: must be a positive id', '--cancel-reason');
  return { cancel_reason_id: value };
}

export const SCHEDULER_COMMANDS: Record<string, Command> = {
  'field-service show': {
    help: {
      summary: 'the team’s field-service system (where widget bookings become jobs); secrets are never shown',
      usage: '--team ID',
      flags: { '--team ID': 'the team' },
      examples: ['field-service show --team 2'],
    },
    options: { team: { type: 'string' } },
    async run(context) {
      const team = await requireTeam(context);
      const config = await context.fieldService.getFieldServiceConfig(team.id);
      const shown = config?.system === 'servicetitan' ? { ...config, client_secret: '(set)' } : (config ?? { system: 'none' });
      context.out(
        context.json
          ? toJson(shown)
          : Object.entries(shown)
              .map(([k, v]) => `${k.padEnd(18)} ${String(v)}`)
              .join('\n'),
      );
    },
  },

  'field-service set': {
    help: {
      summary: 'set the team’s field-service system: none, the local sandbox, or ServiceTitan',
      usage:
        '--team ID --system none|sandbox|servicetitan [--tenant ID --client-id ID --client-secret-env VAR --app-key KEY\n  --application-guid GUID --business-unit ID --job-type ID --campaign ID [--cancel-reason ID] [--api-url URL] [--auth-url URL]]',
      flags: {
        '--team ID': 'the team',
        '--system NAME': 'none (bookings make no job; their requests say why), sandbox (npm start only), servicetitan',
        '--tenant ID': 'the ServiceTitan tenant',
        '--client-id ID': 'the OAuth client id of the team’s ServiceTitan application',
        '--client-secret-env VAR': 'the environment variable holding the client secret (set ST_SECRET=… first; kept out of shell history)',
        '--app-key KEY': 'the application key (ST-App-Key)',
        '--application-guid GUID': 'the ServiceTitan application the session id is recorded under (external data)',
        '--business-unit ID': 'the business unit jobs are made in',
        '--job-type ID': 'the job type of booked visits',
        '--campaign ID': 'the marketing campaign jobs are attributed to',
        '--cancel-reason ID': 'the job cancel reason a cancelled visit’s job gets (default: the tenant’s first active one)',
        '--api-url URL': 'default https://api.servicetitan.io',
        '--auth-url URL': 'default https://auth.servicetitan.io/connect/token',
      },
      examples: [
        'field-service set --team 2 --system sandbox',
        'field-service set --team 2 --system servicetitan --tenant 1234567 --client-id cid.abc --client-secret-env ST_SECRET --app-key ak1.xyz --application-guid 6b0b4c0e-… --business-unit 11 --job-type 22 --campaign 33',
      ],
    },
    options: Object.fromEntries(
      [
        'team',
        'system',
        'tenant',
        'client-id',
        'client-secret-env',
        'app-key',
        'application-guid',
        'business-unit',
        'job-type',
        'campaign',
        'cancel-reason',
        'api-url',
        'auth-url',
      ].map((name) => [name, { type: 'string' as const }]),
    ),
    async run(context) {
      const team = await requireTeam(context);
      const system = optionalString(context.values, '--system');
      if (!system || !(SYSTEMS as readonly string[]).includes(system))
        throw new UsageError(`--system: must be one of ${SYSTEMS.join(', ')}`, '--system');
      if (system === 'none' || system === 'sandbox') {
        await context.fieldService.putFieldServiceConfig(team.id, system === 'none' ? null : { system: 'sandbox' });
        context.out(`Team ${team.id}: field-service system ${system}`);
        return;
      }
      const required = (flag: string) => {
        const value = optionalString(context.values, flag);
        if (!value) throw new UsageError(`${flag} is required with --system servicetitan`, flag);
        return value;
      };
      const id = (flag: string) => {
        const value = optionalInteger(context.values, flag);
        if (value === null || value <= 0) throw new UsageError(`${flag} is required with --system servicetitan (a positive id)`, flag);
        return value;
      };
      const secretVariable = required('--client-secret-env');
      const clientSecret = process.env[secretVariable];
      if (!clientSecret) throw new UsageError(`--client-secret-env: the variable ${secretVariable} is not set`, '--client-secret-env');
      await context.fieldService.putFieldServiceConfig(team.id, {
        system: 'servicetitan',
        tenant_id: required('--tenant'),
        client_id: required('--client-id'),
        client_secret: clientSecret,
        app_key: required('--app-key'),
        application_guid: required('--application-guid'),
        business_unit_id: id('--business-unit'),
        job_type_id: id('--job-type'),
        campaign_id: id('--campaign'),
        ...cancelReason(optionalInteger(context.values, '--cancel-reason')),
        api_base_url: optionalString(context.values, '--api-url') ?? 'https://api.servicetitan.io',
        auth_url: optionalString(context.values, '--auth-url') ?? 'https://auth.servicetitan.io/connect/token',
      });
      context.out(`Team ${team.id}: field-service system servicetitan (tenant ${required('--tenant')})`);
    },
  },

  'scheduler list': {
    help: {
      summary: 'the team’s schedulers (booking widgets)',
      usage: '--team ID',
      flags: { '--team ID': 'the team' },
      examples: ['scheduler list --team 2'],
    },
    options: { team: { type: 'string' } },
    async run(context) {
      const team = await requireTeam(context);
      const rows = await context.schedulers.listSchedulers({ teamId: team.id, limit: 1000 });
      const schedulers = rows.map((r) => r.scheduler);
      context.out(
        context.json
          ? toJson(schedulers)
          : schedulers.length === 0
            ? `Team ${team.id} has no schedulers`
            : schedulers.map((s) => `${s.scheduler_id}  ${s.name}  (${s.time_zone}, ${s.services.length} services)`).join('\n'),
      );
    },
  },

  'scheduler show': {
    help: {
      summary: 'one scheduler: services, job types, areas, hours',
      usage: '--team ID --id SCHEDULER_ID [--base-url URL]',
      flags: {
        '--team ID': 'the team',
        '--id SCHEDULER_ID': 'the scheduler',
        '--base-url URL': `the service's public URL for the booking page and embed code\n(default: $SERVICE_URL, else ${LOCAL_BASE_URL})`,
      },
      examples: ['scheduler show --team 2 --id 1', 'scheduler show --team 2 --id 1 --base-url https://api.example.com/v1'],
    },
    options: { team: { type: 'string' }, id: { type: 'string' }, 'base-url': { type: 'string' } },
    async run(context) {
      const team = await requireTeam(context);
      const schedulerId = requiredId(context.values, '--id');
      const scheduler = await context.schedulers.getScheduler(team.id, schedulerId);
      if (!scheduler) throw new UsageError(`--id ${schedulerId} does not name a scheduler of team ${team.id}`, '--id');
      const base = baseUrlOf(context.values);
      const where = { booking_page_url: bookingPageUrl(base, team.id, schedulerId), embed_code: embedCode(base, team.id, schedulerId) };
      context.out(
        context.json
          ? toJson({ ...scheduler, ...where })
          : `${describe(scheduler)}\n  booking page  ${where.booking_page_url}\n  embed code    ${where.embed_code}`,
      );
    },
  },

  'scheduler set': {
    help: {
      summary: 'create or update a scheduler',
      usage:
        '--team ID --id SCHEDULER_ID [--name TEXT] [--services "A,B"] [--job-types "A,B"] [--areas "A,B"] [--time-zone ZONE] [--hours HOURS]\n  [--slot-minutes N] [--interval-minutes N] [--lead-time-minutes N] [--days-ahead N] [--capacity N] [--allowed-origins "A,B"]\n  [--reminder-offsets 24h,2h|none] [--change-cutoff 2h] [--recovery call|text|both|off]',
      flags: {
        '--team ID': 'the team',
        '--id SCHEDULER_ID': 'the scheduler (sessions’ scheduler_id)',
        '--name TEXT': 'its name (needed for a new one)',
        '--services LIST': 'comma-separated services (issue types)',
        '--job-types LIST': 'comma-separated job types',
        '--areas LIST': 'comma-separated service areas',
        '--time-zone ZONE': 'an IANA zone (default: the team’s)',
        '--hours HOURS':
          'DAY[-DAY]=HH:MM-HH:MM or DAY[-DAY]=closed, comma-separated (needed for a new one);\ndays not named keep their hours (new: closed); open < close',
        '--slot-minutes N': 'how long a visit takes (default 60)',
        '--interval-minutes N': 'minutes between slot starts, from opening time (default 60)',
        '--lead-time-minutes N': 'notice the earliest slot needs (default 120)',
        '--days-ahead N': 'local days the widget offers, today included (default 14)',
        '--capacity N': 'bookings one slot takes before it is full (default 1)',
        '--allowed-origins LIST':
          'comma-separated origins whose pages may embed the widget\n(https://example.com, http://127.0.0.1:*); empty: the hosted page only',
        '--reminder-offsets LIST':
          'reminder texts before a visit, in m or h, at most 5, or none (default 24h,2h); for visits booked or moved after',
        '--change-cutoff DURATION': 'latest a customer may move or cancel before the visit (default 2h)',
        '--recovery MODE': 'how an unfinished booking is followed up: call, text, both or off (default text)',
      },
      examples: [
        'scheduler set --team 2 --id 1 --name "HVAC service" --services "Repair,Tune-up" --hours "mon-fri=08:00-17:00,sat=closed"',
        'scheduler set --team 2 --id 1 --slot-minutes 120 --interval-minutes 60 --capacity 2 --allowed-origins "https://acme-hvac.example"',
        'scheduler set --team 2 --id 1 --reminder-offsets 24h,2h --change-cutoff 2h --recovery text',
      ],
    },
    options: {
      team: { type: 'string' },
      id: { type: 'string' },
      name: { type: 'string' },
      services: { type: 'string' },
      'job-types': { type: 'string' },
      areas: { type: 'string' },
      'time-zone': { type: 'string' },
      hours: { type: 'string' },
      'slot-minutes': { type: 'string' },
      'interval-minutes': { type: 'string' },
      'lead-time-minutes': { type: 'string' },
      'days-ahead': { type: 'string' },
      capacity: { type: 'string' },
      'allowed-origins': { type: 'string' },
      'reminder-offsets': { type: 'string' },
      'change-cutoff': { type: 'string' },
      recovery: { type: 'string' },
    },
    async run(context) {
      const team = await requireTeam(context);
      const schedulerId = requiredId(context.values, '--id');
      const current = await context.schedulers.getScheduler(team.id, schedulerId);
      const name = optionalString(context.values, '--name');
      const hours = optionalString(context.values, '--hours');
      if (!current && name === null) throw new UsageError('--name is required for a new scheduler', '--name');
      if (!current && hours === null) throw new UsageError('--hours is required for a new scheduler', '--hours');
      const candidate = {
        name: name ?? current?.name,
        services: listFlag(context.values, '--services') ?? current?.services ?? [],
        job_types: listFlag(context.values, '--job-types') ?? current?.job_types ?? [],
        service_areas: listFlag(context.values, '--areas') ?? current?.service_areas ?? [],
        time_zone: optionalString(context.values, '--time-zone') ?? current?.time_zone ?? team.timezone,
        hours: hours === null ? current?.hours : parseHours(hours, current?.hours ?? CLOSED_WEEK),
        ...Object.fromEntries(
          BOOKING_NUMBER_FLAGS.map(([member, flag]) => [member, optionalInteger(context.values, flag) ?? current?.[member]]),
        ),
        allowed_origins: listFlag(context.values, '--allowed-origins') ?? current?.allowed_origins,
        ...followThroughFlags(context.values, current),
      };
      const parsed = schedulerSettingsSchema.safeParse(candidate);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const member = (issue?.path[0] ?? 'name') as keyof SchedulerSettings;
        const flag = SETTING_FLAGS[member] ?? '--name';
        throw new UsageError(`${flag}: ${issue?.path.join('.') ?? member}: ${issue?.message ?? 'invalid'}`, flag);
      }
      const saved = await context.schedulers.putScheduler(team.id, schedulerId, parsed.data, new Date());
      context.out(context.json ? toJson(saved) : `Saved scheduler ${schedulerId} of team ${team.id}\n${describe(saved)}`);
    },
  },
};

/** The follow-through flags as settings members, each left as it is when not given. */
function followThroughFlags(
  values: Parameters<typeof optionalString>[0],
  current: SchedulerSettings | null,
): Pick<Partial<SchedulerSettings>, 'reminder_offsets_minutes' | 'change_cutoff_minutes'> & { recovery?: string } {
  const offsetsText = optionalString(values, '--reminder-offsets');
  const offsets = offsetsText === null ? null : parseReminderOffsets(offsetsText);
  if (offsets && 'error' in offsets) throw new UsageError(`--reminder-offsets: ${offsets.error}`, '--reminder-offsets');
  const cutoffText = optionalString(values, '--change-cutoff');
  const cutoff = cutoffText === null ? null : parseDuration(cutoffText);
  if (cutoffText !== null && cutoff === null)
    throw new UsageError(`--change-cutoff: '${cutoffText}' is not a duration such as 2h or 30m`, '--change-cutoff');
  const recovery = optionalString(values, '--recovery');
  if (recovery !== null && !(RECOVERY_MODES as readonly string[]).includes(recovery))
    throw new UsageError(`--recovery: must be one of ${RECOVERY_MODES.join(', ')}`, '--recovery');
  return {
    reminder_offsets_minutes: offsets?.offsets ?? current?.reminder_offsets_minutes,
    change_cutoff_minutes: cutoff ?? current?.change_cutoff_minutes,
    recovery: recovery ?? current?.recovery,
  };
}

function listFlag(values: Parameters<typeof optionalString>[0], flag: string): string[] | null {
  const raw = optionalString(values, flag);
  if (raw === null) return null;
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/**
 * `mon-fri=08:00-17:00,sat=09:00-13:00,sun=closed`: each entry sets a day or a range of days
 * (mon..sun, wrapping not allowed); days not named keep `base`. Times are checked by the schema.
 */
export function parseHours(text: string, base: Readonly<Record<Weekday, DayHours>>): Record<Weekday, DayHours> {
  const hours = { ...base };
  const refuse = (detail: string): never => {
    throw new UsageError(`--hours: ${detail}; expected entries like mon-fri=08:00-17:00 or sun=closed, separated by commas`, '--hours');
  };
  for (const entry of text.split(',').map((e) => e.trim())) {
    if (entry === '') continue;
    const match = /^([a-z]{3})(?:-([a-z]{3}))?=(?:(closed)|([0-9]{1,2}:[0-9]{2})-([0-9]{1,2}:[0-9]{2}))$/i.exec(entry);
    if (!match) refuse(`'${entry}' is not DAY[-DAY]=HH:MM-HH:MM or DAY[-DAY]=closed`);
    const [, from = '', to, closed, open = '', close = ''] = match as RegExpExecArray;
    const first = DAY_NAMES.get(from.toLowerCase());
    const last = DAY_NAMES.get((to ?? from).toLowerCase());
    if (!first || !last) refuse(`'${entry}' names an unknown day (use mon, tue, wed, thu, fri, sat, sun)`);
    const start = WEEKDAYS.indexOf(first as Weekday);
    const end = WEEKDAYS.indexOf(last as Weekday);
    if (end < start) refuse(`'${entry}': ${from} comes after ${to} in the week`);
    for (const day of WEEKDAYS.slice(start, end + 1)) hours[day] = closed ? null : { open: pad(open), close: pad(close) };
  }
  return hours;
}

/** 8:00 → 08:00, so the stored form is always HH:MM (and compares as text). */
function pad(time: string): string {
  return time.length === 4 ? `0${time}` : time;
}

function describe(s: SchedulerSettings & { scheduler_id: number; updated_at: string }): string {
  return [
    `Scheduler ${s.scheduler_id}: ${s.name} (${s.time_zone}, updated ${s.updated_at})`,
    `  services      ${s.services.join(', ') || '(none)'}`,
    `  job types     ${s.job_types.join(', ') || '(none)'}`,
    `  service areas ${s.service_areas.join(', ') || '(none)'}`,
    ...WEEKDAYS.map((day) => `  ${day.padEnd(13)} ${s.hours[day] ? `${s.hours[day]?.open}-${s.hours[day]?.close}` : 'closed'}`),
    `  slots         ${s.slot_minutes} min every ${s.interval_minutes} min, ${s.capacity_per_slot} per slot`,
    `  booking       ${s.lead_time_minutes} min notice, ${s.days_ahead} days ahead`,
    `  embed on      ${s.allowed_origins.join(', ') || '(hosted page only)'}`,
    `  reminders     ${s.reminder_offsets_minutes.map(formatDuration).join(', ') || 'none'} before the visit`,
    `  changes       by the customer until ${formatDuration(s.change_cutoff_minutes)} before the visit`,
    `  recovery      ${s.recovery}`,
  ].join('\n');
}
