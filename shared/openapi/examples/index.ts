import { ACCOUNT_EXAMPLES } from './account';
import { ANALYTICS_EXAMPLES } from './analytics';
import { APPOINTMENT_EXAMPLES } from './appointments';
import { CALLS_EXAMPLES } from './calls';
import { INTAKE_EXAMPLES } from './intake';
import { SMS_EXAMPLES } from './sms';
import type { OperationExamplesById } from './types';
import { WEBHOOKS_EXAMPLES } from './webhooks';
import { WIDGET_EXAMPLES } from './widget';

/** Every route's examples, one file per surface of the API. */
export const OPERATION_EXAMPLES: OperationExamplesById = {
  ...INTAKE_EXAMPLES,
  ...CALLS_EXAMPLES,
  ...SMS_EXAMPLES,
  ...WEBHOOKS_EXAMPLES,
  ...ACCOUNT_EXAMPLES,
  ...ANALYTICS_EXAMPLES,
  ...WIDGET_EXAMPLES,
  ...APPOINTMENT_EXAMPLES,
};
