import { queues } from '#shared/adapters/runtime/queues';
import { scheduler } from '#shared/adapters/runtime/scheduler';
import { widgetWorkerDependencies } from '#shared/adapters/runtime/widget-worker-dependencies';
import type { Team } from '#shared/domain/tenancy';
import { checkDropOff } from '#shared/domain/widget/drop-off';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';
import { functionEnvironment } from '../../../../support/handler-harness';
import { RecordingQueue, RecordingScheduler } from '../../../../support/intake-fakes';
import { leftSession, minutesAfter, recoveryIntake, recoverySessions, recoveryTeam } from '../../../../support/widget-recovery';

/**
 * The widget worker's wiring against the embedded DynamoDB: the leads table's stores are imported
 * with the first message that reads or writes a lead, and answer as the stores built directly do.
 */
let dynamo: LocalDynamo;
let team: Team;

beforeAll(async () => {
  dynamo = await startEmulator();
  functionEnvironment('widget-worker');
  team = await recoveryTeam('ws_worker_wiring', 'call');
  scheduler.use(() => new RecordingScheduler());
  queues.use(() => new RecordingQueue());
});
afterAll(() => dynamo.stop());

describe('widget worker dependencies', () => {
  it('writes a dropped-off session’s recovery lead and reads it back through the lead stores it loads on first use', async () => {
    const left = await leftSession(team, { phone: '+13125550149' });
    const deps = widgetWorkerDependencies()();
    expect(await checkDropOff(deps, left.ref, minutesAfter(40), 1800)).toBe('dropped_off');
    const stlCallId = (await recoverySessions().getSession(left.ref))?.extras.stl_call_id;
    if (typeof stlCallId !== 'number') throw new Error('the drop-off planned no recovery call');
    const lead = await deps.intake.getLeadByStlCallId(stlCallId);
    expect(lead?.lead_content).toMatchObject({ recovery: true, session_id: left.ref.sessionId });
    expect(await deps.recoveryOutreach?.(stlCallId)).toMatchObject({ status: 'queued' });
    // A redelivered check finds the session dropped off and writes no second lead.
    expect(await checkDropOff(deps, left.ref, minutesAfter(41), 1800)).toBe('not_pending');
    expect(await deps.intake.getLeadByStlCallId(stlCallId + 1)).toBeNull();
  });

  it('hands out lead ids from the intake store’s counter', async () => {
    const deps = widgetWorkerDependencies()();
    const first = await deps.leadIds.nextLeadId();
    expect(await recoveryIntake().nextLeadId()).toBe(first + 1);
    expect(await deps.leadIds.nextLeadId()).toBe(first + 2);
  });
});
