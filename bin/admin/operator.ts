import { userInfo } from 'node:os';
import { operatorActor } from '#shared/domain/audit-log/entry';

/** Who the audit log names for a change made with this CLI: `operator`, with the OS user running it. */
export const cliOperator = () => operatorActor(() => userInfo().username);
