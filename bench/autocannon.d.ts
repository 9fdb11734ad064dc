/** The slice of autocannon's API that bench/api.ts uses (the package ships no types). */
declare module "autocannon" {
  type Stats = { average: number; p50: number; p99: number };
  export type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  export type Options = {
    url: string;
    connections: number;
    duration: number;
    timeout?: number;
    headers?: Record<string, string>;
    requests?: (Request & { setupRequest?: (req: Request) => Request })[];
  };
  export type Result = {
    requests: Stats & { total: number };
    latency: Stats;
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
