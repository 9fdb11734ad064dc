/**
 * Reads asked in the same turn of the event loop, answered together: the asks are collected until the turn ends
 * (setImmediate), then `answerAll` gets them in at most `parts` runs, each sent at once (on PostgreSQL a run is one
 * statement on one backend; two runs use two cores). Each ask is answered by its position in its run; a run that
 * fails fails every ask in it.
 */
export function perTurnBatcher<Ask, Answer>(
  answerAll: (asks: readonly Ask[]) => Promise<readonly Answer[]>,
  parts = 1,
): (ask: Ask) => Promise<Answer> {
  type Waiter = { ask: Ask; resolve: (answer: Answer) => void; reject: (error: unknown) => void };
  /** The asks of this turn; null once sent. */
  let waiting: Waiter[] | null = null;

  const send = async (run: Waiter[]) => {
    try {
      const answers = await answerAll(run.map((waiter) => waiter.ask));
      if (answers.length !== run.length) throw new Error(`${answers.length} answers for ${run.length} asks`);
      for (const [i, waiter] of run.entries()) waiter.resolve(answers[i] as Answer);
    } catch (error) {
      for (const waiter of run) waiter.reject(error);
    }
  };

  return (ask) =>
    new Promise<Answer>((resolve, reject) => {
      if (!waiting) {
        const turn: Waiter[] = [];
        waiting = turn;
        setImmediate(() => {
          waiting = null;
          for (const run of split(turn, parts)) void send(run);
        });
      }
      waiting.push({ ask, resolve, reject });
    });
}

/** `items` in at most `parts` runs of nearly equal length, in order. */
function split<T>(items: readonly T[], parts: number): T[][] {
  const size = Math.ceil(items.length / Math.max(1, parts));
  const runs: T[][] = [];
  for (let at = 0; at < items.length; at += size) runs.push(items.slice(at, at + size));
  return runs;
}
