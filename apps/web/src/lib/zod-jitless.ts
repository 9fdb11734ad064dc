/**
 * Zod (through @studio/validators) compiles object parsers with `new Function` unless told not to, and probes
 * whether it may with a `new Function("")` call when a schema module loads. The site's Content Security Policy
 * (`script-src 'self'`, no 'unsafe-eval') refuses that probe: Zod catches the error, but Chrome still reports a
 * CSP violation (a DevTools issue, which costs Lighthouse's Best Practices score). `jitless` skips the probe and
 * the compiled parsers (the forms' parsing is tiny either way).
 *
 * Zod reads its global config from `globalThis.__zod_globalConfig` (shared by every copy of Zod on the page) and
 * decides at schema creation, so this must run before any schema module: main.tsx imports it first, and Zod only
 * loads in lazy chunks after the entry has run. Setting the global here keeps Zod itself out of the entry chunk.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;
