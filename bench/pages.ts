/** p99 of a back-office list call (a tRPC query over GET) for a set of pages: first, deep keyset, filtered. */
import autocannon from "autocannon";
import { cpuMs } from "./process";

export type PageCase = { name: string; input: Record<string, unknown> };

const log = (message: string) => process.stdout.write(`${message}\n`);

/**
 * Measures each case with `connections` connections for `seconds` (after a second of warm-up), prints one row
 * per case (rows on the page, req/s, p50, p99, the server's CPU per request) and returns the worst p99.
 */
export async function measurePages(options: {
  base: string;
  procedure: string;
  headers: Record<string, string>;
  cases: PageCase[];
  serverPid: number;
  connections: number;
  seconds: number;
  targetP99Ms: number;
}): Promise<number> {
  const { base, procedure, headers, connections, seconds, targetP99Ms } = options;
  log(
    `  ${"page".padEnd(40)} ${"rows".padStart(4)} ${"req/s".padStart(7)} ${"p50".padStart(8)} ${"p99".padStart(8)} ${"cpu/req".padStart(9)}`,
  );
  let worst = 0;
  for (const c of options.cases) {
    const url = `${base}/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(c.input))}`;
    const probe = await fetch(url, { headers });
    if (!probe.ok) throw new Error(`${c.name}: HTTP ${probe.status} ${await probe.text()}`);
    const rows = ((await probe.json()) as { result: { data: { items: unknown[] } } }).result.data.items
      .length;
    // A second of warm-up (JIT, page cache), then the measured run and the server's CPU per request.
    await autocannon({ url, connections, duration: 1, headers, timeout: 30 });
    const cpuBefore = cpuMs(options.serverPid);
    const result = await autocannon({ url, connections, duration: seconds, headers, timeout: 30 });
    if (result.non2xx || result.errors || result.timeouts) throw new Error(`${c.name}: failed requests`);
    const cpu = (cpuMs(options.serverPid) - cpuBefore) / Math.max(1, result.requests.total);
    worst = Math.max(worst, result.latency.p99);
    const verdict = result.latency.p99 < targetP99Ms ? "" : "  MISSED";
    log(
      `  ${c.name.padEnd(40)} ${String(rows).padStart(4)} ${String(Math.round(result.requests.average)).padStart(7)} ${`${result.latency.p50} ms`.padStart(8)} ${`${result.latency.p99} ms`.padStart(8)} ${`${cpu.toFixed(2)} ms`.padStart(9)}${verdict}`,
    );
  }
  log(`  worst p99: ${worst} ms (${worst < targetP99Ms ? "met" : "MISSED"})`);
  return worst;
}
