import { writeFileSync } from 'node:fs';
import { buildOpenApi } from '@playhall/contract';

// `npm run openapi -w apps/server [-- out.json]`: the API description, also served at /app/openapi.json.
const json = JSON.stringify(buildOpenApi(), null, 2);
const out = process.argv[2];
if (out) writeFileSync(out, `${json}\n`);
else process.stdout.write(`${json}\n`);
