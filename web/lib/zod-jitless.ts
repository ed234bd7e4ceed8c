// Our CSP forbids eval, so zod can never compile its parsers; without this it probes with a caught
// `new Function`, which the browser still reports as a CSP violation. zod reads this shared object
// whenever it loads, before or after this runs, without this module importing zod.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
Object.assign((scope.__zod_globalConfig ??= {}), { jitless: true });
