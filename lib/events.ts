import { Duration } from 'aws-cdk-lib';
import { type Archive, EventBus } from 'aws-cdk-lib/aws-events';
import { Construct } from 'constructs';
import { EVENT_SOURCE } from '#shared/ports/event-bus';
import type { ServiceFunction } from './service-function';
import { serviceNameOf } from './stage';

export interface ServiceEventsProps {
  /**
   * Name of the custom event bus (subscribers name it in their rules).
   * @default `<service>-<stage>-events` (lib/stage.ts)
   */
  readonly eventBusName?: string;
  /**
   * How long the archive keeps the service's events for replay.
   * @default Duration.days(30)
   */
  readonly archiveRetention?: Duration;
}

/**
 * The custom EventBridge bus the service publishes its domain events on, with an archive of every
 * event it emitted so a consumer that was down or shipped a bug can replay a time window.
 *
 * Every event has `source` 'lead-call-scheduling-service' (EVENT_SOURCE); the detail-type is the
 * event type, and the detail is the payload whose JSON Schema is in shared/events/schemas:
 * - `lead.created`: a lead was accepted at intake and its outreach call queued or scheduled
 *   (schemas/lead.created.json);
 * - `lead.booking_created`: the AI responder created an appointment for the lead after an outreach
 *   call (schemas/lead.booking_created.json);
 * - `lead.booking_confirmed`, `lead.booking_rescheduled`, `lead.booking_cancelled`,
 *   `lead.booking_completed`, `lead.no_show`: a visit's changes (shared/events/appointment-change-events.ts);
 * - `appointment.created`: a visit was made (schemas/appointment.created.json; for the service's own
 *   follow-ups, not a webhook event type);
 * - `lead.completed`: a lead's outreach ended with an outcome: booked, not booked, no answer, failed
 *   or cancelled (schemas/lead.completed.json);
 * - `sms_campaign.completed`: a campaign finished (every recipient sent, failed or suppressed), with
 *   final counts and cost; once per campaign (schemas/sms_campaign.completed.json).
 * - `coach_evaluation.completed`: a call's coach evaluation was stored (schemas/coach_evaluation.completed.json);
 * - `call.processed`: the AI responder stored a call from its end-of-call report, with the ids of
 *   what it produced (schemas/call.processed.json);
 * - `webhook.disabled`: a webhook subscription was disabled (schemas/webhook.disabled.json).
 * Lead, coach and webhook events carry an `event_id` for deduplication: EventBridge delivers at least once.
 * The subscribable types (WEBHOOK_EVENT_TYPES) also go to integrators' endpoints (lib/webhooks.ts).
 */
export class ServiceEvents extends Construct {
  public readonly bus: EventBus;
  public readonly archive: Archive;

  constructor(scope: Construct, id: string, props: ServiceEventsProps = {}) {
    super(scope, id);
    this.bus = new EventBus(this, 'Bus', {
      eventBusName: props.eventBusName ?? `${serviceNameOf(this)}-events`,
      description: 'Domain events of the lead, call and scheduling service (lead.*, sms_campaign.*)',
    });
    this.archive = this.bus.archive('Archive', {
      description: 'Every event the service emitted, kept for replay',
      eventPattern: { source: [EVENT_SOURCE] },
      retention: props.archiveRetention ?? Duration.days(30),
    });
  }

  /** Lets a function publish in one call: the bus name in EVENT_BUS_NAME and events:PutEvents on this bus only. */
  public bindPublisher(fn: ServiceFunction): void {
    fn.addEnvironment('EVENT_BUS_NAME', this.bus.eventBusName);
    this.bus.grantPutEventsTo(fn.function);
  }
}
