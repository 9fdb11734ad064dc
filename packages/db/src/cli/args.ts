/** Minimal argv parsing for the db CLIs: --name value, --name=value, --flag, positionals ("--" ignored). */
export function parseArgs<V extends string, F extends string>(
  argv: string[],
  spec: { values: V[]; flags: F[] },
): { values: Partial<Record<V, string>>; flags: Record<F, boolean>; positional: string[] } {
  const values: Partial<Record<V, string>> = {};
  const flags = Object.fromEntries(spec.flags.map((f) => [f, false])) as Record<F, boolean>;
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") continue;
    const m = /^--([^=]+)(?:=(.*))?$/.exec(arg);
    if (!m) {
      positional.push(arg);
      continue;
    }
    const name = m[1]!;
    if ((spec.flags as string[]).includes(name)) flags[name as F] = true;
    else if ((spec.values as string[]).includes(name)) values[name as V] = m[2] ?? argv[++i];
    else throw new Error(`Unknown option --${name}`);
  }
  return { values, flags, positional };
}

export function formatRows(rows: Record<string, number>): string {
  const parts = Object.entries(rows).map(([table, n]) => `${table} ${n}`);
  return parts.length ? parts.join(", ") : "no product tables";
}
