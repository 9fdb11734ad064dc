type Level = "debug" | "info" | "warn" | "error" | "silent";
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export type Logger = {
  debug: (msg: string, fields?: Record<string, unknown>) => void;
  info: (msg: string, fields?: Record<string, unknown>) => void;
  warn: (msg: string, fields?: Record<string, unknown>) => void;
  error: (msg: string, fields?: Record<string, unknown>) => void;
};

/** Structured JSON lines on stdout (one object per event). */
export function createLogger(level: Level): Logger {
  const write =
    (l: Exclude<Level, "silent">) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (ORDER[l] < ORDER[level]) return;
      process.stdout.write(
        `${JSON.stringify({ time: new Date().toISOString(), level: l, msg, ...fields })}\n`,
      );
    };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}
