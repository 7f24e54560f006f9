import { createInterface } from 'node:readline/promises';
import { DeclinedError, UsageError } from './errors';

/** How a confirmation reaches the operator; tests stand in for the terminal. */
export interface Prompt {
  /** Whether someone can answer: stdin and stderr are terminals. */
  readonly interactive: boolean;
  /** Shows the question (on stderr, so stdout stays the command's output) and returns the answer line. */
  ask(question: string): Promise<string>;
}

export const terminalPrompt: Prompt = {
  interactive: Boolean(process.stdin.isTTY && process.stderr.isTTY),
  async ask(question) {
    const lines = createInterface({ input: process.stdin, output: process.stderr });
    try {
      return await lines.question(question);
    } finally {
      lines.close();
    }
  },
};

/**
 * Before a destructive change (clig.dev): `--yes` goes ahead; on a terminal the operator is asked
 * and only y or yes goes ahead; without a terminal (a script, CI) the command is refused, so a
 * script must say --yes rather than revoke or clear by accident.
 */
export async function confirm(question: string, yes: boolean, prompt: Prompt): Promise<void> {
  if (yes) return;
  if (!prompt.interactive) {
    throw new UsageError(`"${question}" needs a confirmation and there is no terminal to ask on: pass --yes to go ahead`, '--yes');
  }
  const answer = await prompt.ask(`${question} [y/N] `);
  if (!/^\s*y(es)?\s*$/i.test(answer)) throw new DeclinedError('not confirmed: nothing was changed');
}
