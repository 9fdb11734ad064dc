// Runs every suite — typecheck, lint, unit/integration tests on SQLite (and on PostgreSQL when
// TEST_DATABASE_URL is set), fault tests and the browser e2e tests — and ends with one line:
// "N passed, M failed" (totals over all suites). Exits non-zero on any failure.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const tmp = mkdtempSync(path.join(os.tmpdir(), "studio-test-all-"));
const results = [];
/** Each failed test's suite, name and the start of its message: printed again in the summary, where a CI log's tail shows it. */
const failures = [];
const firstLines = (text = "") =>
  text
    .split("\n")
    .filter((line) => !/^\s+at /.test(line))
    .slice(0, 8)
    .join("\n")
    .slice(0, 800);
const VITEST_PROJECTS = ["packages/validators", "packages/db", "packages/api", "apps/server", "apps/web"];
const DB_PROJECTS = ["packages/db", "packages/api", "apps/server"];

function run(cmd, args, env = {}) {
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return { status: r.status ?? 1, seconds: Math.round((Date.now() - started) / 1000) };
}

function check(name, cmd, args) {
  console.log(`\n=== ${name} ===`);
  const r = run(cmd, args);
  results.push({ name, passed: r.status === 0 ? 1 : 0, failed: r.status === 0 ? 0 : 1, seconds: r.seconds });
}

function vitest(name, project, env = {}, extraArgs = []) {
  console.log(`\n=== ${name} ===`);
  const out = path.join(tmp, `${name.replace(/\W+/g, "-")}.json`);
  const r = run(
    "pnpm",
    [
      "--dir",
      project,
      "exec",
      "vitest",
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${out}`,
      ...extraArgs,
    ],
    env,
  );
  let passed = 0;
  let failed = 0;
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, "utf8"));
    passed = report.numPassedTests ?? 0;
    // A test file that crashes before its tests run counts as one failure.
    const crashedFiles = (report.testResults ?? []).filter(
      (t) => t.status === "failed" && !(t.assertionResults ?? []).length,
    ).length;
    failed = (report.numFailedTests ?? 0) + crashedFiles;
    for (const file of report.testResults ?? []) {
      const where = path.relative(process.cwd(), file.name ?? "");
      if (file.status === "failed" && !(file.assertionResults ?? []).length)
        failures.push({ suite: name, test: where, message: firstLines(file.message) });
      for (const test of file.assertionResults ?? [])
        if (test.status === "failed")
          failures.push({
            suite: name,
            test: `${where} > ${test.fullName}`,
            message: firstLines(test.failureMessages?.[0]),
          });
    }
  }
  if (r.status !== 0 && failed === 0) failed = 1;
  results.push({ name, passed, failed, seconds: r.seconds });
}

function playwright(name, args = []) {
  console.log(`\n=== ${name} ===`);
  const out = path.join(tmp, "playwright.json");
  const r = run("node", ["scripts/e2e.mjs", ...args], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  let passed = 0;
  let failed = 0;
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, "utf8"));
    const stats = report.stats;
    passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
    failed = stats?.unexpected ?? 0;
    const walk = (suite, titles) => {
      for (const spec of suite.specs ?? [])
        if (!spec.ok)
          failures.push({
            suite: name,
            test: `${spec.file} > ${[...titles, spec.title].join(" > ")}`,
            message: firstLines(spec.tests?.[0]?.results?.at(-1)?.error?.message),
          });
      for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    };
    for (const suite of report.suites ?? []) walk(suite, []);
  }
  if (r.status !== 0 && failed === 0) failed = 1;
  results.push({ name, passed, failed, seconds: r.seconds });
}

/**
 * Debian packages the suites need on this machine: Chromium for the browser tests, redis-server for the tests
 * that start their own Redis, ffmpeg for the media pipeline's video tests, radicale for the calendar sync tests
 * (they start their own CalDAV server). Installed when missing (as root, or
 * with sudo).
 */
function ensureSystemPackages() {
  const missing = [
    ["chromium", process.env.CHROME_PATH ?? "/usr/bin/chromium"],
    ["redis-server", "/usr/bin/redis-server"],
    ["ffmpeg", "/usr/bin/ffmpeg"],
    ["radicale", "/usr/bin/radicale"],
  ].filter(([, binary]) => !existsSync(binary));
  if (!missing.length) return;
  const packages = missing.map(([name]) => name);
  console.log(`\n=== installing ${packages.join(", ")} (Debian) ===`);
  const root = process.getuid?.() === 0;
  const sudo = root ? [] : ["sudo"];
  const env = { DEBIAN_FRONTEND: "noninteractive" };
  run(sudo[0] ?? "apt-get", [...sudo.slice(1), ...(root ? [] : ["apt-get"]), "update", "-qq"], env);
  run(
    sudo[0] ?? "apt-get",
    [...sudo.slice(1), ...(root ? [] : ["apt-get"]), "install", "-y", "-qq", ...packages],
    env,
  );
}
ensureSystemPackages();

const only = process.env.TEST_ONLY?.split(",");
const want = (key) => !only || only.includes(key);

if (want("static")) {
  check("typecheck", "pnpm", ["typecheck"]);
  check("lint", "pnpm", ["lint"]);
  // The web build prerenders the public pages and fails when a page's initial JavaScript is over its budget
  // (apps/web/scripts/js-budget.ts): / 90 KB, a category page 95 KB gzip.
  check("web build (prerender, JavaScript budget)", "pnpm", ["--filter", "@studio/web", "build"]);
  check("server build (apps/server/dist)", "pnpm", ["--filter", "@studio/server", "build"]);
}
// Suites that live at the repository root (tests/<suite>) run with apps/server's vitest.
const rootSuite = (suite) => ["--root", "../..", "--config", `tests/${suite}/vitest.config.ts`];
if (want("unit")) {
  for (const project of VITEST_PROJECTS)
    vitest(`vitest sqlite ${project}`, project, { TEST_DATABASE_URL: "" });
  vitest("vitest sqlite props", "apps/server", { TEST_DATABASE_URL: "" }, rootSuite("props"));
}
if (want("pg")) {
  if (process.env.TEST_DATABASE_URL) {
    for (const project of DB_PROJECTS) vitest(`vitest postgresql ${project}`, project);
    vitest("vitest postgresql props", "apps/server", {}, rootSuite("props"));
  } else {
    console.log("\n(TEST_DATABASE_URL is not set: the PostgreSQL run of the integration suites is skipped)");
  }
}
if (want("faults")) vitest("vitest faults", "apps/server", {}, rootSuite("faults"));
if (want("e2e")) playwright("e2e (chromium)");

rmSync(tmp, { recursive: true, force: true });
console.log("\n=== summary ===");
for (const r of results)
  console.log(
    `${r.failed ? "FAIL" : "ok  "} ${r.name}: ${r.passed} passed, ${r.failed} failed (${r.seconds}s)`,
  );
if (failures.length) {
  console.log("\n=== failed tests ===");
  for (const f of failures)
    console.log(`[${f.suite}] ${f.test}\n    ${f.message.replaceAll("\n", "\n    ")}`);
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
