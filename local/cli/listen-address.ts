import { createServer } from 'node:net';

/**
 * Whether a listen address (host and TCP port) is free, checked before the slow part of the start
 * (the embedded DynamoDB, seeding), so a busy one is reported at once in one line rather than as an
 * `EADDRINUSE` stack seconds later. A race with another process remains possible; the gateway's
 * own `EADDRINUSE` is reported the same way (see AddressInUseError).
 */
export async function canListen(port: number, host: string): Promise<boolean> {
  const server = createServer();
  return new Promise<boolean>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') resolve(false);
      else reject(error);
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** The first free listen port after `port` (up to `tries` of them), for the message's suggestion; null when none is. */
export async function nextListenPort(port: number, host: string, tries = 20): Promise<number | null> {
  for (let candidate = port + 1; candidate <= Math.min(port + tries, 65535); candidate++) {
    if (await canListen(candidate, host)) return candidate;
  }
  return null;
}

/** A listen port the service was told to use is taken: its message names the variable that changes it. */
export class AddressInUseError extends Error {
  constructor(
    readonly variable: string,
    readonly port: number,
    suggestion: number | null,
    command: string,
  ) {
    super(
      `port ${port} is in use (another npm start?); ` +
        (suggestion === null
          ? `set ${variable} to a free port: ${variable}=<port> ${command}`
          : `set ${variable}=${suggestion} ${command}`),
    );
    this.name = 'AddressInUseError';
  }
}

/** Whether a listen failed because the address is taken (EADDRINUSE). */
export function isAddressInUse(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE';
}
