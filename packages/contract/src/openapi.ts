import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';
import { endpointList } from './registry.ts';

/** Builds an OpenAPI 3.1 document from the registry: one POST operation per endpoint. */
export function buildOpenApi(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const e of endpointList) {
    paths[`/app/v1/${e.path}`] = {
      post: {
        operationId: e.path.replace('/', '_'),
        summary: e.summary,
        security: e.needsSession ? [{ bearer: [] }] : [],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: z.toJSONSchema(e.request, { io: 'input', unrepresentable: 'any' }) } },
        },
        responses: {
          '200': {
            description: 'Envelope: code 200 with data on success, a stable error code and message otherwise',
            content: { 'application/json': { schema: z.toJSONSchema(envelopeSchema(e.response), { unrepresentable: 'any' }) } },
          },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Playhall player API', version: '1' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
