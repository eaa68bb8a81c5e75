import { z } from 'zod';
import { text } from './fields.ts';
import { callNeedsSession, isPublicCall } from './constants.ts';

/** Money: an integer number of hundredths (product rules §0). Never a float. */
export const money = z.number().int().safe().brand<'Money'>();
export type Money = z.infer<typeof money>;

/** Fields every request body carries (spec §7); the client adds them automatically. */
export const commonBody = z.object({
  appId: text(64).optional(),
  channel: text(32).optional(),
  clientReferrer: text(2048).optional(),
  platform: z.union([z.literal(0), z.literal(1)]).optional(),
  appVersion: text(32).optional(),
});
export type CommonBody = z.infer<typeof commonBody>;

/** The response envelope: `code` 200 on success, a stable error code otherwise. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T | null;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data: data.nullable() });
}

export interface Endpoint<
  P extends string = string,
  Req extends z.ZodObject = z.ZodObject,
  Res extends z.ZodType = z.ZodType,
> {
  /** Path under /app/v1/, e.g. `accountLogin`. */
  path: P;
  /** Public calls (spec §6) never force a login on the client. */
  isPublic: boolean;
  /** False for public calls and for the calls that start a session (login, register...). */
  needsSession: boolean;
  summary: string;
  request: Req;
  response: Res;
}

/**
 * Declares one endpoint. The request schema is the endpoint's own fields plus the common body;
 * whether it is public follows from the one list in constants, never from each file.
 */
export function defineEndpoint<P extends string, Shape extends z.ZodRawShape, Res extends z.ZodType>(def: {
  path: P;
  summary: string;
  request: Shape;
  response: Res;
}) {
  const request = commonBody.extend(def.request);
  return {
    path: def.path,
    isPublic: isPublicCall(def.path),
    needsSession: callNeedsSession(def.path),
    summary: def.summary,
    request,
    response: def.response,
  } satisfies Endpoint<P, typeof request, Res>;
}

export type RequestOf<E extends Endpoint> = z.input<E['request']>;
export type ResponseOf<E extends Endpoint> = z.infer<E['response']>;

export const emptyResponse = z.object({});
