// Prints the OpenAPI document generated from the contract registry (`npm run openapi > api.json`).
import { buildOpenApi } from '../src/index.ts';

process.stdout.write(`${JSON.stringify(buildOpenApi(), null, 2)}\n`);
