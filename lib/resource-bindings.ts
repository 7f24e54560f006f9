import type { QueueName } from '#shared/ports/message-queue';
import type { ResourceUse } from '#shared/routes';
import type { ServiceFunction } from './service-function';

/**
 * Everything a route or worker's `uses` can name: the queues, the event bus, the scheduler and the
 * providers, each as the binding bindResources calls on it. The constructs that create them (MessageQueues,
 * ServiceEvents, ServiceScheduler, the providers, WebhookDelivery) fit these shapes; naming only
 * the bindings keeps this module free of them, so a construct that binds its own functions' resources
 * (QueueWorkers) can import bindResources without an import cycle.
 */
export interface ServiceResources {
  readonly queues: { bindSender(fn: ServiceFunction, queue: QueueName): void };
  readonly events: { bindPublisher(fn: ServiceFunction): void };
  readonly scheduler: { bindScheduler(fn: ServiceFunction): void };
  readonly voiceProvider: { bind(fn: ServiceFunction): void; bindRecordings(fn: ServiceFunction): void };
  readonly smsProvider: { bind(fn: ServiceFunction): void };
  readonly coachLanguageModel: { bind(fn: ServiceFunction): void; bindResponder(fn: ServiceFunction): void };
  readonly webhooks: { bind(fn: ServiceFunction): void };
  readonly manageLinks: { bind(fn: ServiceFunction): void };
  readonly exportFiles: {
    bindWriter(fn: ServiceFunction): void;
    bindReader(fn: ServiceFunction): void;
    bindRemover(fn: ServiceFunction): void;
  };
}

/**
 * Gives a function every resource its definition `uses`, in one call per function: for each one the
 * environment variables its runtime adapter reads (shared/adapters/runtime) and the matching grant,
 * set together so they cannot drift apart, and nothing for a resource it does not use.
 *
 * - a queue ('outreach-calls', 'campaign-sends', 'coach-evaluations'): its URL, sqs:SendMessage on it;
 * - 'event-bus': EVENT_BUS_NAME, events:PutEvents on the service bus;
 * - 'scheduler': the schedule group, target role and queue ARNs; Create/DeleteSchedule in the group, PassRole on the role;
 * - 'voice-provider': base URL, assistant and phone number ids, the API key's secret id and read access to it (read at run time);
 * - 'sms-provider': SMS_ORIGINATION_IDENTITY, sms-voice:SendTextMessage;
 * - 'call-evaluator': the coach's language model: base URL, model, the API key's secret id and read access to it;
 * - 'responder-model': the voice responder's model, on the same provider and key as the coach's (RESPONDER_LLM_*);
 * - 'voice-recordings': VOICE_PROVIDER_RECORDING_HOSTS (the recordings are fetched over HTTPS; no grant).
 * - 'webhook-deliveries': the webhook queue's URL, sqs:SendMessage on it;
 * - 'webhooks': the sealing key's secret id and read access to it, private targets off, the retry schedule;
 * - 'widget-followups': the widget follow-up queue's URL, sqs:SendMessage on it.
 * - 'data-deletions': the data-subject deletion queue's URL, sqs:SendMessage on it.
 * - 'appointment-texts': the appointment texts queue's URL, sqs:SendMessage on it.
 * - 'retention-sweeps': the retention sweeps queue's URL, sqs:SendMessage on it (nothing sends there
 *   today but its daily schedule).
 * - 'manage-links': the cursor secret's id and read access to it (the links' key), and PUBLIC_ORIGIN.
 * - 'exports': the export queue's URL, sqs:SendMessage on it.
 * - 'export-files': EXPORT_BUCKET_NAME, writes (multipart uploads) and reads in the export bucket.
 * - 'export-downloads': EXPORT_BUCKET_NAME, reads in the export bucket (the presigned GETs act with them).
 * - 'export-removals': EXPORT_BUCKET_NAME, deletes in the export bucket (a deletion on request).
 */
export function bindResources(fn: ServiceFunction, uses: readonly ResourceUse[], resources: ServiceResources): void {
  for (const use of new Set(uses)) {
    switch (use) {
      case 'outreach-calls':
      case 'campaign-sends':
      case 'coach-evaluations':
        resources.queues.bindSender(fn, use);
        break;
      case 'event-bus':
        resources.events.bindPublisher(fn);
        break;
      case 'scheduler':
        resources.scheduler.bindScheduler(fn);
        break;
      case 'voice-provider':
        resources.voiceProvider.bind(fn);
        break;
      case 'sms-provider':
        resources.smsProvider.bind(fn);
        break;
      case 'call-evaluator':
        resources.coachLanguageModel.bind(fn);
        break;
      case 'responder-model':
        resources.coachLanguageModel.bindResponder(fn);
        break;
      case 'voice-recordings':
        resources.voiceProvider.bindRecordings(fn);
        break;
      case 'webhook-deliveries':
      case 'widget-followups':
      case 'appointment-texts':
      case 'exports':
      case 'data-deletions':
      case 'retention-sweeps':
        resources.queues.bindSender(fn, use);
        break;
      case 'webhooks':
        resources.webhooks.bind(fn);
        break;
      case 'manage-links':
        resources.manageLinks.bind(fn);
        break;
      case 'export-files':
        resources.exportFiles.bindWriter(fn);
        break;
      case 'export-downloads':
        resources.exportFiles.bindReader(fn);
        break;
      case 'export-removals':
        resources.exportFiles.bindRemover(fn);
        break;
      default: {
        const unknown: never = use;
        throw new Error(`unknown resource use ${String(unknown)}`);
      }
    }
  }
}
