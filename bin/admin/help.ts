import { KEY_TYPES } from '#shared/auth/permissions';
import { TARGET_FIELDS } from '#shared/domain/intake/field-mapping';
import { SCHEDULING_MODES } from '#shared/domain/intake/scheduling';

// The lists of values come from shared/, so the help cannot fall behind what the commands accept.
export const USAGE = `Usage: npm run admin -- <command> [flags] [--json] [--local]

Tenancy
  portfolio create --name NAME
  portfolio list
  portfolio add-enterprise --portfolio ID --enterprise ID
  enterprise create --name NAME [--portfolio ID]
  enterprise list
  team create --name NAME --timezone IANA_ZONE --enterprise ID [--workspace ID] [--test]
  team list [--enterprise ID]

API keys
  key create --type TYPE --team ANCHOR_TEAM_ID --permissions a,b|all [--portfolio ID] [--name NAME]
             TYPE: ${KEY_TYPES.join(' | ')}
             enterprise            the anchor team only
             enterprise_all_teams  every team of the anchor team's enterprise
             portfolio_all_teams   every team of --portfolio (which must include the anchor's enterprise)
             "all" grants every permission the type may hold. The key is printed once.
  key create ... [--expires ISO_INSTANT|30d|12h] [--rate-limit PER_MINUTE] [--fields GROUPS]
             --fields: all (default), core, or core plus groups: contact, transcripts, recordings,
             notes, attribution (README: Keys, limits and data configuration)
  key list                         name, masked prefix, type and scope, permissions, created, last
                                   used, usage count, expiry or revocation (never key material)
  key set --id KEY_ID [--expires ISO_INSTANT|30d|never] [--rate-limit PER_MINUTE|default]
          [--fields GROUPS|all]    changes a key's settings; flushes the authorizer caches
  key register --id KEY_ID|--all  registers a key (or every active key, after the first deploy with
                                   usage plans) in the deployed stack's usage plan (USAGE_PLAN_ID)
  team limits --team ID --per-hour N|default
                                   the team's own limit per workspace and hour
  key revoke --id KEY_ID            refused from the next request on: also flushes the authorizer
                                   caches (the running local gateway's; on a deployed stack, the
                                   REST API stages' named by READ_API_ID, PLATFORM_API_ID,
                                   INTAKE_API_ID and API_STAGE_NAME). Again on a revoked key: flushes again.

Intake configuration (per team; each change is validated as a whole before it is saved, and
--json prints the saved configuration, the same shape \`intake set --file\` takes)
  intake show --team ID            the effective configuration (defaults filled in)
  intake set --team ID --file config.json
                                   replace the whole configuration (fields as in \`intake show --json\`)
  intake mapping --team ID --target FIELD --aliases PATH[,PATH...]
                                   ordered alias list of one target field; the first path present
                                   in the payload wins. PATH: name, a.b, list[0].c, data["e-mail"]
${wrapList('FIELD: ', TARGET_FIELDS, 35, 100)}
  intake mapping --team ID --target FIELD --clear      back to the default aliases of FIELD
                                   (PATH may also select an array element by a member's value:
                                   user_column_data[column_id=PHONE_NUMBER].string_value,
                                   field_data[name="what is your zip?"].values[0]; quote values
                                   with spaces, brackets or = as JSON strings; a miss tries the next)
  intake mapping --team ID --clear                     the whole mapping back to the defaults
  intake preset list                                   tested mappings of common lead sources
  intake preset show NAME                              what a preset reads, and where from
  intake preset apply NAME --team ID                   replace the team's field mapping with it
  intake google-key --team ID [--rotate] | --clear     the key Google Ads lead forms send (google_key)
  intake notes-combine --team ID --paths PATH[,PATH...] | --clear
                                   notes = one JSON object of these payload paths
  intake lead-sources --team ID [--sources "Google Ads,Facebook,Website"] [--default NAME|none] [--clear]
                                   unknown incoming sources are recorded as --default
  intake dedupe-window --team ID --hours N               same phone within N hours is a duplicate (0 = off)
  intake scheduling --team ID [--mode MODE] [--hours WEEK] [--custom WEEK]
                                   MODE: ${SCHEDULING_MODES.join(' | ')}
                                   --hours sets business hours (business_hours, after_hours),
                                   --custom the windows of mode custom; times are the team's time zone.
                                   WEEK: entries separated by ';', each DAYS RANGE[,RANGE...]:
                                     DAYS   mon, mon-fri, sat,sun, fri-mon, daily, weekdays, weekends
                                     RANGE  HH:MM-HH:MM; an end at or before the start crosses
                                            midnight (fri 22:00-06:00 runs into saturday); 24:00 = midnight
                                   e.g. --hours "mon-fri 08:00-17:00; sat 09:00-12:00"
                                        --custom "daily 22:00-06:00"      --hours none   (clears)
  intake outreach --team ID [--attempts N] [--spacing-minutes M]
                                   call attempts per lead (1-5) and minutes between attempts
  intake phone-region --team ID --region CC                region for numbers without +country (US)
  intake routing --team ANCHOR_ID --rule "FIELD=VALUE[,VALUE...]->TEAM_ID" [--rule ...]
                 [--default-team TEAM_ID|none] | --clear
                                   routes leads of the anchor's multi-team keys: the first rule whose
                                   payload FIELD equals a VALUE (case-insensitive) names the team;
                                   else the default team; else the lead is refused. --rule replaces
                                   all rules (in the order given). Every team must be in the anchor
                                   team's enterprise. e.g. --rule "brand=summit hvac->2"

Texting (SMS campaigns)
  messaging show --team ID
  messaging quiet-hours --team ID [--start H] [--end H]    local send window (default 8-21)
  messaging phone-region --team ID --region CC             region for numbers without +country (US)
  messaging opt-out --team ID --phone NUMBER               add to the team's suppression list
  messaging opt-in --team ID --phone NUMBER                remove from it

Coach rubrics (per team: what new calls are evaluated against; each change is validated whole, bumps
the rubric's version and is kept in the team's history; evaluations keep the version they used)
  coach rubric show --team ID      the rubric in force (--json: the shape \`coach rubric set --file\` takes)
  coach rubric set --team ID --file rubric.json
                                   {rubric_id?, name, pass_threshold (0-100), criteria: [{id, title,
                                   description, weight (> 0), keywords?}]}; criterion ids unique;
                                   rubric_id defaults to the current one's
  coach rubric reset --team ID     back to the built-in home-services rubric
  coach rubric history --team ID   every revision, newest first
Schedulers (booking widgets)
  scheduler list --team ID
  scheduler show --team ID --id SCHEDULER_ID
  scheduler set --team ID --id SCHEDULER_ID [--name TEXT] [--services "A,B"] [--job-types "A,B"]
                [--areas "A,B"] [--time-zone ZONE] [--hours "mon-fri=08:00-17:00,sat=closed"]
                                   creates or updates a scheduler (sessions' scheduler_id); a new one
                                   needs --name and --hours; days not named keep their hours (new:
                                   closed); the zone defaults to the team's. Hours HH:MM, open < close

Analytics rollups
  rollups rebuild --team ID | --enterprise ID | --all
                                   recomputes the rollups from the sessions (existing data, or a new
                                   bucket layout), with progress; safe while the service runs. Needs
                                   TABLE_SESSIONS and TABLE_ROLLUPS on a deployed stack.

  help                             this text

Flags for every command
  --json    machine-readable output on stdout
  --local   use the embedded DynamoDB on \${DATA_DIR:-.data} (the store \`npm start\` uses)

Target
  Deployed stack: set TABLE_TEAMS to the stack output TeamsTableName (the stack also outputs
  SessionsTableName, LeadsTableName and CallsTableName); AWS credentials and region come from the
  default chain (AWS_PROFILE, AWS_REGION, SSO, instance role...). For example:
    export TABLE_TEAMS=$(aws cloudformation describe-stacks --stack-name LeadCallSchedulingService \\
      --query "Stacks[0].Outputs[?OutputKey=='TeamsTableName'].OutputValue" --output text)
  \`key revoke\` on a deployed stack also needs the REST API ids (outputs ReadApiId, PlatformApiId,
  IntakeApiId → READ_API_ID, PLATFORM_API_ID, INTAKE_API_ID; ApiStageName → API_STAGE_NAME, default v1)
  and apigateway:POST on their stages' authorizer caches.
  Running emulator: set DYNAMODB_ENDPOINT (TABLE_TEAMS defaults to local-teams).
  Local data: --local, or neither DYNAMODB_ENDPOINT nor TABLE_TEAMS set. Opens \${DATA_DIR:-.data}
  directly, which \`npm start\` holds locked while it runs: stop it first, or use DYNAMODB_ENDPOINT.

Exit codes: 0 done, 1 invalid command, flag or value (the message names the flag), 2 other failure.
`;

/** `label` + the items, comma-separated, wrapped at `width` with every line indented by `indent`. */
function wrapList(label: string, items: readonly string[], indent: number, width: number): string {
  const lines: string[] = [];
  let line = `${' '.repeat(indent)}${label}`;
  items.forEach((item, i) => {
    const text = i < items.length - 1 ? `${item},` : item;
    if (line.length + 1 + text.length > width && line.trim() !== label.trim()) {
      lines.push(line);
      line = ' '.repeat(indent + label.length) + text;
    } else line += line.endsWith(label) ? text : ` ${text}`;
  });
  lines.push(line);
  return lines.join('\n');
}
