/** The slice of autocannon's API that the benchmarks use (the package ships no types). */
declare module "autocannon" {
  type Stats = { average: number; p50: number; p99: number };
  export type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  /** Runs for `duration` seconds, or until `amount` requests are answered. */
  export type Options = {
    url: string;
    connections: number;
    timeout?: number;
    headers?: Record<string, string>;
    requests?: (Request & { setupRequest?: (req: Request) => Request })[];
  } & ({ duration: number } | { amount: number });
  export type Result = {
    requests: Stats & { total: number };
    latency: Stats;
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
