/**
 * Route search parameters' checks, written without zod so the router (on the first screen) does not
 * bring the schema library with it (decision 033). Each reader returns the value or throws, which
 * the router reports as a failed validity check (the 404 page); `optional` lets a missing value
 * through. Search values arrive JSON-parsed: `?id=5` is the number 5, `?name=abc` the string.
 */

export class SearchValueError extends Error {
  constructor(key: string, why: string) {
    super(`search parameter "${key}": ${why}`);
    this.name = 'SearchValueError';
  }
}

type Reader<T> = (value: unknown, key: string) => T;

/** `undefined` stays undefined; anything else must pass `read`. */
export function optional<T>(read: Reader<T>): Reader<T | undefined> {
  return (value, key) => (value === undefined ? undefined : read(value, key));
}

/** Any failure (or a missing value) becomes undefined: a filter from a shared link that makes no sense is dropped. */
export function orUndefined<T>(read: Reader<T>): Reader<T | undefined> {
  return (value, key) => {
    try {
      return value === undefined ? undefined : read(value, key);
    } catch {
      return undefined;
    }
  };
}

/** One of `options`, exactly. */
export function oneOf<const T extends string>(options: readonly T[]): Reader<T> {
  return (value, key) => {
    if (typeof value === 'string' && (options as readonly string[]).includes(value)) return value as T;
    throw new SearchValueError(key, `expected one of ${options.join(', ')}`);
  };
}

/** Any value as text (numbers from the query string included), at most `max` characters, matching `pattern` when given. */
export function coercedText(max: number, pattern?: RegExp): Reader<string> {
  return (value, key) => {
    const text = String(value);
    if (text.length > max) throw new SearchValueError(key, `longer than ${max}`);
    if (pattern && !pattern.test(text)) throw new SearchValueError(key, `does not match ${String(pattern)}`);
    return text;
  };
}

/** A same-site path only (no open redirects): any other string becomes undefined; a non-string fails. */
export const safeRedirect: Reader<string | undefined> = (value, key) => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new SearchValueError(key, 'expected a string');
  return value.startsWith('/') && !value.startsWith('//') ? value : undefined;
};

/** A positive safe integer, from a number or from text that converts to one. */
export const coercedPositiveInt: Reader<number> = (value, key) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n <= 0) throw new SearchValueError(key, 'expected a positive integer');
  return n;
};

/** Exactly 1 (a number or text that converts to it). */
export const coercedOne: Reader<1> = (value, key) => {
  if (Number(value) !== 1) throw new SearchValueError(key, 'expected 1');
  return 1;
};

/** A positive int4 id, from a number or up to nine digits. */
export const int4Id: Reader<number> = (value, key) => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647) throw new SearchValueError(key, 'expected a positive id');
  return n;
};

/** 1 = on, 0 = off; `true`/`false` (and their text) are read too, since old links carry them. */
export const flag: Reader<0 | 1> = (value, key) => {
  if (value === 1 || value === true || value === '1' || value === 'true') return 1;
  if (value === 0 || value === false || value === '0' || value === 'false') return 0;
  throw new SearchValueError(key, 'expected 0 or 1');
};

type Shape = Record<string, Reader<unknown>>;
type Out<S extends Shape> = { [K in keyof S as undefined extends ReturnType<S[K]> ? never : K]: ReturnType<S[K]> } & {
  [K in keyof S as undefined extends ReturnType<S[K]> ? K : never]?: ReturnType<S[K]>;
};

/**
 * A route's search reader: each key of `shape` read from the search object; a key missing from
 * it stays missing. A key that is there is always in the result, undefined when its value was
 * dropped: the router merges a route's search over the raw query, so leaving the key out would let
 * the raw value (a bad filter, a foreign redirect) through. Throws on the first value that fails.
 */
export function searchOf<S extends Shape>(shape: S): (search: Record<string, unknown>) => Out<S> {
  return (search) => {
    const out: Record<string, unknown> = {};
    for (const [key, read] of Object.entries(shape)) {
      const value = read(search[key], key);
      if (value !== undefined || key in search) out[key] = value;
    }
    return out as Out<S>;
  };
}
