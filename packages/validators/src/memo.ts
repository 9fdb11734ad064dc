/**
 * Remembers up to `limit` answers by key, and forgets them all when full: the keys a process asks about are
 * few at a time (a zone's days, a studio's pages), so a full map means they have moved on.
 */
export function boundedMemo<V>(limit: number): (key: string, compute: () => V) => V {
  const answers = new Map<string, V>();
  return (key, compute) => {
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = compute();
      if (answers.size >= limit) answers.clear();
      answers.set(key, answer);
    }
    return answer;
  };
}
