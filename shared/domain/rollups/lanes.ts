/** Recomputes in flight at once (the stream consumer's batches and the rebuild). */
const LANES = 8;

/** Runs `run` over the items with at most LANES in flight; `onDone` hears each completion count. */
export async function inLanes<T>(
  items: readonly T[],
  run: (item: T) => Promise<unknown>,
  onDone: (done: number) => void = () => undefined,
): Promise<void> {
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: Math.min(LANES, items.length) }, async () => {
      while (next < items.length) {
        await run(items[next++] as T);
        onDone(++done);
      }
    }),
  );
}
