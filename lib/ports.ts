import type { QueueName } from '#shared/ports/message-queue';
import type { PortUse } from '#shared/routes';
import type { ServiceFunction } from './service-function';

/**
 * Everything a route or worker's `uses` can name: the queues, the event bus, the scheduler and the
 * providers, each as the binding bindPorts calls on it. The constructs that create them (MessageQueues,
 * ServiceEvents, ServiceScheduler, the providers, WebhookDelivery) fit these shapes; naming only
 * the bindings keeps this module free of them, so a construct that binds its own functions' ports
 * (QueueWorkers) can import bindPorts without an import cycle.
 */
export interface ServicePorts {
  readonly queues: { bindSender(fn: ServiceFunction, queue: QueueName): void };
  readonly events: { bindPublisher(fn: ServiceFunction): void };
  readonly scheduler: { bindScheduler(fn: ServiceFunction): void };
  readonly voiceProvider: { bind(fn: ServiceFunction): void; bindRecordings(fn: ServiceFunction): void };
  readonly smsProvider: { bind(fn: ServiceFunction): void };
  readonly coachLanguageModel: { bind(fn: ServiceFunction): void; bindResponder(fn: ServiceFunction): void };
  readonly webhooks: { bind(fn: ServiceFunction): void };
}

/**
 * Gives a function every port its definition `uses`, in one call per function: for each port the
 * environment variables its runtime adapter reads (shared/adapters/runtime) and the matching grant,
 * set together so they cannot drift apart, and nothing for a port it does not use.
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
 */
export function bindPorts(fn: ServiceFunction, uses: readonly PortUse[], ports: ServicePorts): void {
  for (const use of new Set(uses)) {
    switch (use) {
      case 'outreach-calls':
      case 'campaign-sends':
      case 'coach-evaluations':
        ports.queues.bindSender(fn, use);
        break;
      case 'event-bus':
        ports.events.bindPublisher(fn);
        break;
      case 'scheduler':
        ports.scheduler.bindScheduler(fn);
        break;
      case 'voice-provider':
        ports.voiceProvider.bind(fn);
        break;
      case 'sms-provider':
        ports.smsProvider.bind(fn);
        break;
      case 'call-evaluator':
        ports.coachLanguageModel.bind(fn);
        break;
      case 'responder-model':
        ports.coachLanguageModel.bindResponder(fn);
        break;
      case 'voice-recordings':
        ports.voiceProvider.bindRecordings(fn);
        break;
      case 'webhook-deliveries':
      case 'widget-followups':
        ports.queues.bindSender(fn, use);
        break;
      case 'webhooks':
        ports.webhooks.bind(fn);
        break;
      default: {
        const unknown: never = use;
        throw new Error(`unknown port ${String(unknown)}`);
      }
    }
  }
}
