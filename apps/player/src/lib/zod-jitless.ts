// zod 4 compiles object parsers with `new Function`, after probing with `new Function('')` whether
// eval is allowed. The page's Content-Security-Policy forbids eval, and the browser reports even
// the caught probe as a violation on every page. Jitless parsing never probes. main.tsx imports
// this module first, so it runs before any schema parses.
//
// Without importing zod: the first screen does not load it (decision 033). zod keeps its settings
// on `globalThis.__zod_globalConfig` and adopts the object it finds there when it loads (what
// `config({ jitless: true })` would set); zod-jitless.test.ts checks that zod parses without eval.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

(globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
