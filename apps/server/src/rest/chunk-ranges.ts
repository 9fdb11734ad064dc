/** A chunk's bookings: those below `cursor` down to `floor` (its oldest id), or to the end when `floor` is null. */
export type ChunkRange = { cursor: number; floor: number | null };

/**
 * The ranges of a stream's chunks after `cursor`, in order. `floors` answers where the next chunks end (up to
 * `count` of them, fewer when the bookings end first), so one short read from the index serves `count` chunks.
 */
export async function* chunkRanges(
  cursor: number,
  floors: (cursor: number) => Promise<number[]>,
  count: number,
): AsyncGenerator<ChunkRange> {
  let upper = cursor;
  for (;;) {
    const ends = await floors(upper);
    for (const floor of ends) {
      yield { cursor: upper, floor };
      upper = floor;
    }
    if (ends.length < count) {
      yield { cursor: upper, floor: null };
      return;
    }
  }
}

/**
 * The chunks of a stream, `first` and then one per range, taken one after the other; null once all are taken.
 * `ahead` chunks are always being read or waiting to be taken: knowing the ranges, the database reads the next
 * chunks while Node decodes, encodes and writes this one (read one after the other, each chunk waited on the
 * one before it: on PostgreSQL a 10,000-row chunk took about 70 ms in each, one at a time). Memory stays
 * bounded, `ahead` chunks and the one being written, however long the stream is.
 *
 * A chunk that fails surfaces when it is taken. One that fails after the stream was cancelled must not crash
 * the process, so failures are observed as soon as they happen.
 */
export function readingRanges<C>(
  first: C,
  ranges: AsyncIterator<ChunkRange> | null,
  read: (range: ChunkRange) => Promise<C>,
  ahead: number,
): () => Promise<C | null> {
  const waiting: Promise<C | null>[] = [Promise.resolve(first)];
  const askForOne = () => {
    if (!ranges) return;
    const chunk = ranges.next().then((next) => (next.done ? null : read(next.value)));
    chunk.catch(() => {});
    waiting.push(chunk);
  };
  for (let i = 0; i < ahead; i++) askForOne();
  return () => {
    const chunk = waiting.shift() ?? Promise.resolve(null);
    askForOne();
    return chunk;
  };
}
