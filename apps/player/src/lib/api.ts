import {
  ClientConstants,
  ErrorCode,
  isPublicCall,
  type Endpoints,
  type EndpointPath,
  type RequestOf,
  type ResponseOf,
} from '@playhall/contract';
import { detectPlatform } from './platform.ts';
import { clearSession, forceLogin, getToken } from './session.ts';
import { showErrorToast, showTimeoutDialog } from './notify.ts';
import { allTexts, i18n } from './i18n.ts';
import { formatMoney } from './money.ts';

export const API_BASE = '/app/v1/';

/** An answer with a code other than 200. `fields` carries per-field messages for code 400. */
export class ApiError extends Error {
  readonly code: number;
  readonly fields: Record<string, string>;
  constructor(code: number, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.fields = fields;
  }
}

export class TimeoutError extends Error {
  constructor(path: string) {
    super(`Request ${path} timed out`);
    this.name = 'TimeoutError';
  }
}

export interface CallOptions {
  /** No timeout dialog (the heartbeat). */
  silent?: boolean;
  /** The caller shows the error itself; no toast. */
  quiet?: boolean;
  signal?: AbortSignal;
}

declare global {
  interface Window {
    /** Test hook: a fixed timeout in ms, used only when a test sets it. */
    __PLAYHALL_TIMEOUT_MS__?: number;
  }
}

interface NetworkInformationLike {
  effectiveType?: string;
}

/** 10 s by default, 20 s on 2g (and slow-2g), 30 s on 3g (spec §9). */
export function timeoutForConnection(effectiveType: string | undefined): number {
  if (effectiveType === '2g' || effectiveType === 'slow-2g') return ClientConstants.timeoutMs['2g'];
  if (effectiveType === '3g') return ClientConstants.timeoutMs['3g'];
  return ClientConstants.timeoutMs.default;
}

export function requestTimeoutMs(): number {
  const override = typeof window !== 'undefined' ? window.__PLAYHALL_TIMEOUT_MS__ : undefined;
  if (typeof override === 'number' && override > 0) return override;
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  return timeoutForConnection(connection?.effectiveType);
}

export function appId(): string {
  return (import.meta.env.VITE_APP_ID as string | undefined) ?? 'playhall';
}

/** The fields every request body carries (spec §7). */
export function commonFields() {
  return {
    appId: appId(),
    channel: ClientConstants.channel,
    clientReferrer: document.referrer.slice(0, 2048),
    platform: detectPlatform(),
    appVersion: ClientConstants.appVersion,
  };
}

const validateResponses = import.meta.env.DEV || import.meta.env.MODE === 'test';

/** Amount fields an error's data may carry (hundredths), shown in the translated text. */
const MONEY_DETAILS = ['minAmount', 'maxAmount', 'limit', 'remaining', 'exchange'] as const;

function moneyDetails(data: unknown): Record<string, string> | null {
  if (!data || typeof data !== 'object') return null;
  const vars: Record<string, string> = {};
  for (const k of MONEY_DETAILS) {
    const v = (data as Record<string, unknown>)[k];
    if (typeof v === 'number') vars[k] = formatMoney(v, i18n.language);
  }
  return Object.keys(vars).length > 0 ? vars : null;
}

/** When a lock ends (`lockedUntil`, an ISO instant), in the player's language and time zone. */
function lockEnd(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const v = (data as Record<string, unknown>).lockedUntil;
  const until = typeof v === 'string' ? new Date(v) : null;
  if (!until || Number.isNaN(until.getTime())) return null;
  return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(until);
}

function errorText(code: number, msg: string, data?: unknown): string {
  // A lock's end is shown in the player's own time zone, whatever the language (the server's
  // English text can only name it in UTC).
  const until = lockEnd(data);
  if (until && i18n.exists(`errors.${code}_until`)) return i18n.t(`errors.${code}_until`, { until });
  // Server texts are English; other languages use our translation of the stable code, with the
  // amounts the server sent (errors.<code>_detail) when it sent them.
  if (i18n.language !== 'en-US') {
    const vars = moneyDetails(data);
    if (vars && i18n.exists(`errors.${code}_detail`)) return i18n.t(`errors.${code}_detail`, vars);
    if (i18n.exists(`errors.${code}`)) return i18n.t(`errors.${code}`);
  }
  return msg || i18n.t('errors.generic');
}

interface RawEnvelope {
  code: number;
  msg: string;
  data: unknown;
}

function errcodeOf(data: unknown): number | undefined {
  if (data && typeof data === 'object' && 'errcode' in data) {
    const v = (data as { errcode: unknown }).errcode;
    return typeof v === 'number' ? v : undefined;
  }
  return undefined;
}

function fieldsOf(data: unknown): Record<string, string> {
  if (data && typeof data === 'object' && 'fields' in data) {
    const f = (data as { fields: unknown }).fields;
    if (f && typeof f === 'object') {
      return Object.fromEntries(Object.entries(f as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
    }
  }
  return {};
}

/**
 * Calls one contract endpoint: POST JSON with the common fields, the bearer token, a timeout;
 * handles 401 (session) and timeouts (dialog) here so no page has to.
 */
export async function call<P extends EndpointPath>(
  path: P,
  body: Omit<RequestOf<Endpoints[P]>, keyof ReturnType<typeof commonFields>>,
  opts: CallOptions = {},
): Promise<ResponseOf<Endpoints[P]>> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, requestTimeoutMs());
  opts.signal?.addEventListener('abort', () => controller.abort());

  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let envelope: RawEnvelope;
  try {
    const res = await fetch(API_BASE + path, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...commonFields(), ...body }),
      signal: controller.signal,
    });
    envelope = (await res.json()) as RawEnvelope;
  } catch (err) {
    if (timedOut) {
      if (!opts.silent) showTimeoutDialog();
      throw new TimeoutError(path);
    }
    if (controller.signal.aborted) throw err;
    await allTexts(); // error texts are not among the first screen's
    const message = i18n.t('errors.network');
    if (!opts.quiet) showErrorToast(message);
    throw new ApiError(0, message);
  } finally {
    clearTimeout(timer);
  }

  const unauthorized = envelope.code === ErrorCode.unauthorized || errcodeOf(envelope.data) === ErrorCode.unauthorized;
  if (unauthorized && path === 'preLogin') {
    // A stale token at start-up: drop it quietly, the app simply starts logged out.
    clearSession();
    throw new ApiError(ErrorCode.unauthorized, envelope.msg);
  }
  if (unauthorized && !isPublicCall(path)) {
    if (token) forceLogin();
    throw new ApiError(ErrorCode.unauthorized, envelope.msg);
  }
  if (envelope.code !== ErrorCode.ok) {
    const fields = envelope.code === ErrorCode.badRequest ? fieldsOf(envelope.data) : {};
    await allTexts();
    const message = errorText(envelope.code, envelope.msg, envelope.data);
    // Field errors show inline under their field, so only the rest becomes a toast.
    if (!opts.quiet && Object.keys(fields).length === 0) showErrorToast(message);
    throw new ApiError(envelope.code, message, fields);
  }

  if (validateResponses) {
    const { endpoints } = await import('@playhall/contract');
    const parsed = endpoints[path].response.safeParse(envelope.data);
    if (!parsed.success) throw new Error(`Response of ${path} breaks the contract: ${parsed.error.message}`);
    return parsed.data as ResponseOf<Endpoints[P]>;
  }
  return envelope.data as ResponseOf<Endpoints[P]>;
}

/** GET with one retry on the transient statuses of spec §7 (used by the release poll). */
export async function getWithRetry(url: string, init: RequestInit = {}): Promise<Response> {
  const retryable = ClientConstants.getRetryStatuses as readonly number[];
  const first = await fetch(url, { ...init, method: 'GET' });
  if (!retryable.includes(first.status)) return first;
  return fetch(url, { ...init, method: 'GET' });
}
