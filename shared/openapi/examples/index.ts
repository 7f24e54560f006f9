import { ANALYTICS_EXAMPLES } from './analytics';
import { APPOINTMENT_EXAMPLES } from './appointments';
import { CALLS_EXAMPLES } from './calls';
import { COACH_EXAMPLES } from './coach';
import { DATA_SUBJECT_DELETION_EXAMPLES } from './data-subject-deletions';
import { EXPORTS_EXAMPLES } from './exports';
import { INTAKE_EXAMPLES } from './intake';
import { LEADS_EXAMPLES } from './leads';
import { META_EXAMPLES } from './meta';
import { OUTBOUND_EXAMPLES } from './outbound';
import { SESSIONS_EXAMPLES } from './sessions';
import { SMS_CAMPAIGNS_EXAMPLES } from './sms-campaigns';
import { TEAMS_EXAMPLES } from './teams';
import type { OperationExamplesById } from './types';
import { VOICE_EXAMPLES } from './voice';
import { WEBHOOKS_EXAMPLES } from './webhooks';
import { WIDGET_EXAMPLES } from './widget';

/** Every route's examples, one file per area (named as its file in shared/route-table/). */
export const OPERATION_EXAMPLES: OperationExamplesById = {
  ...INTAKE_EXAMPLES,
  ...VOICE_EXAMPLES,
  ...CALLS_EXAMPLES,
  ...COACH_EXAMPLES,
  ...SMS_CAMPAIGNS_EXAMPLES,
  ...OUTBOUND_EXAMPLES,
  ...WEBHOOKS_EXAMPLES,
  ...DATA_SUBJECT_DELETION_EXAMPLES,
  ...META_EXAMPLES,
  ...TEAMS_EXAMPLES,
  ...LEADS_EXAMPLES,
  ...ANALYTICS_EXAMPLES,
  ...SESSIONS_EXAMPLES,
  ...WIDGET_EXAMPLES,
  ...APPOINTMENT_EXAMPLES,
  ...EXPORTS_EXAMPLES,
};
