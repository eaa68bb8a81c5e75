import { config } from 'zod';

// zod 4 compiles object parsers with `new Function`, after probing with `new Function('')` whether
// eval is allowed. The page's Content-Security-Policy forbids eval, and the browser reports even
// the caught probe as a violation on every page. Jitless parsing never probes. main.tsx imports
// this module first, so it runs before any schema parses.
config({ jitless: true });
