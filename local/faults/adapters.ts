import type { DomainEvent, EventBus } from '#shared/ports/event-bus';
import type { MessageQueue, QueueMessage } from '#shared/ports/message-queue';
import type { SmsProvider, SmsSendRequest } from '#shared/ports/sms-provider';
import type { OutboundCallRequest, OutboundCallResult, VoiceProvider } from '#shared/ports/voice-provider';
import { FAULT_TIMEOUT_MS, type FaultInjector, type FaultKind } from './injector';

/**
 * The local adapters the handlers get, failing as FAULTS says (./injector.ts) the way the production
 * adapters fail in front of the real services: the errors carry the names and messages those
 * adapters throw, after the retries they make themselves, so the domain meets exactly what it
 * meets in AWS. The local services behind them (queues, bus, sandboxes) are untouched.
 */

/** The SDK's own attempts on a throttle, 5xx or time-out (standard retry mode), before the caller sees the error. */
const SDK_ATTEMPTS = 3;
/** EventBridgeBus's attempts at entries PutEvents refused (shared/adapters/aws/eventbridge-bus.ts). */
const REFUSED_ENTRY_ATTEMPTS = 4;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function awsError(name: string, message: string, status: number): Error {
  return Object.assign(new Error(message), { name, $metadata: { httpStatusCode: status }, $fault: status >= 500 ? 'server' : 'client' });
}

function timeoutError(what: string): Error {
  return Object.assign(new Error(`${what} timed out`), { name: 'TimeoutError' });
}

/** A call to an AWS service whose SDK retries: fails only when every attempt drew a fault (the last one's). */
async function throughSdkRetries(faults: FaultInjector, target: 'sqs' | 'eventbridge', service: string): Promise<void> {
  let last: FaultKind | null = null;
  for (let attempt = 0; attempt < SDK_ATTEMPTS; attempt++) {
    last = faults.draw(target, ['throttle', '5xx', 'timeout'], { attempt: attempt + 1 });
    if (last === null) return;
    if (last === 'timeout') await sleep(FAULT_TIMEOUT_MS);
  }
  if (last === 'throttle') throw awsError('ThrottlingException', `Rate exceeded (${service})`, 400);
  if (last === '5xx') throw awsError('InternalFailure', `${service} internal failure`, 500);
  throw timeoutError(service);
}

export function faultyQueue(queue: MessageQueue, faults: FaultInjector): MessageQueue {
  return {
    async send(messages: readonly QueueMessage[]) {
      await throughSdkRetries(faults, 'sqs', 'SQS SendMessageBatch');
      await queue.send(messages);
    },
  };
}

/**
 * The bus: the whole call can be throttled or fail like the SDK's; and each entry can be refused
 * in PutEvents' 200 answer (`eventbridge.refuse`), sent again by the adapter up to its attempts,
 * the entries that went through published and the rest failing the call as the adapter does.
 */
export function faultyBus(bus: EventBus, faults: FaultInjector): EventBus {
  return {
    async publish(events: readonly DomainEvent[]) {
      await throughSdkRetries(faults, 'eventbridge', 'EventBridge PutEvents');
      let pending = [...events];
      for (let attempt = 1; attempt <= REFUSED_ENTRY_ATTEMPTS && pending.length > 0; attempt++) {
        const refused = pending.filter((event) => faults.draw('eventbridge', ['refuse'], { eventType: event.type, attempt }) !== null);
        await bus.publish(pending.filter((event) => !refused.includes(event)));
        pending = refused;
      }
      if (pending.length > 0) throw new Error(`EventBridge refused ${pending.length} event(s): ThrottlingException`);
    },
  };
}

/**
 * The voice provider as HttpVoiceProvider meets it: a 429 with Retry-After or a 5xx (transient,
 * nothing placed), or a time-out after the provider placed the call (its answer lost: the retry,
 * with the same idempotency key, gets the same call back).
 */
export function faultyVoice(voice: VoiceProvider, faults: FaultInjector): VoiceProvider {
  return {
    async placeCall(request: OutboundCallRequest): Promise<OutboundCallResult> {
      const fault = faults.draw('voice', ['throttle', '5xx', 'timeout'], { stlCallId: request.metadata.stl_call_id });
      if (fault === 'throttle') throw new Error('voice provider throttled the call (429, Retry-After 1 s)');
      if (fault === '5xx') throw new Error('voice provider error 503');
      const placed = await voice.placeCall(request);
      if (fault === 'timeout') {
        await sleep(FAULT_TIMEOUT_MS);
        throw timeoutError('voice provider call');
      }
      return placed;
    },
  };
}

/** The SMS provider as the End User Messaging adapter meets it: throttled, failing, or timing out before it took the text. */
export function faultySms(sms: SmsProvider, faults: FaultInjector): SmsProvider {
  return {
    async send(request: SmsSendRequest) {
      const fault = faults.draw('sms', ['throttle', '5xx', 'timeout'], { reference: request.reference });
      if (fault === 'throttle') throw awsError('ThrottlingException', 'Rate exceeded (SendTextMessage)', 400);
      if (fault === '5xx') throw awsError('InternalServerException', 'SendTextMessage internal failure', 500);
      if (fault === 'timeout') {
        await sleep(FAULT_TIMEOUT_MS);
        throw timeoutError('SendTextMessage');
      }
      return sms.send(request);
    },
  };
}
