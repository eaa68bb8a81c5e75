import fc from 'fast-check';
import type { z } from 'zod';
import { PlainText, commonBody } from '@playhall/contract';

/**
 * Request bodies an attacker sends, generated from an endpoint's own zod schema: the valid shape
 * with hostile values in some fields, fields missing or added, or no object at all. Used by the
 * contract fuzz test; the generator reads the schema so a new endpoint or field is covered at once.
 */

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  values?: unknown[];
  entries?: Record<string, unknown>;
  shape?: Record<string, z.ZodType>;
}

interface Bounds {
  minimum?: number;
  maximum?: number;
  patterns: RegExp[];
  format?: string;
}

interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
}

const defOf = (s: z.ZodType) => s._zod.def as unknown as Def;

/** A leaf's limits, read from its checks (lengths for strings, values for numbers). */
function bagOf(s: z.ZodType): Bounds {
  const def = s._zod.def as unknown as { format?: string; checks?: { _zod: { def: CheckDef } }[] };
  const out: Bounds = { patterns: [], format: def.format };
  for (const { _zod } of def.checks ?? []) {
    const c = _zod.def;
    if (c.check === 'string_format' && c.pattern) out.patterns.push(c.pattern);
    else if (c.check === 'min_length') out.minimum = c.minimum;
    else if (c.check === 'max_length') out.maximum = c.maximum;
    // Request numbers are whole, so an exclusive bound is the next integer in.
    else if (c.check === 'greater_than' && c.value !== undefined) out.minimum = c.inclusive ? c.value : c.value + 1;
    else if (c.check === 'less_than' && c.value !== undefined) out.maximum = c.inclusive ? c.value : c.value - 1;
  }
  return out;
}

/** JSON cannot write ±Infinity; these stand-ins become `1e999` / `-1e999`, which JSON.parse reads as ±Infinity. */
const POS_INF = '\u{10FFFF}+inf';
const NEG_INF = '\u{10FFFF}-inf';

/** The body as the wire carries it. */
export function toJson(body: unknown): string {
  return JSON.stringify(body, (_k, v: unknown) => (v === Infinity ? POS_INF : v === -Infinity ? NEG_INF : v))
    .replaceAll(JSON.stringify(POS_INF), '1e999')
    .replaceAll(JSON.stringify(NEG_INF), '-1e999');
}

/** A value the schema (very likely) accepts: the shape hostile values are planted into. */
function validArb(schema: z.ZodType): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
      return fc.option(validArb(def.innerType!), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(validArb(def.innerType!), { nil: null, freq: 3 });
    case 'pipe':
      return validArb(def.in!);
    case 'union':
      return fc.oneof(...def.options!.map(validArb));
    case 'literal':
      return fc.constantFrom(...def.values!);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries!));
    case 'boolean':
      return fc.boolean();
    case 'number': {
      const bag = bagOf(schema);
      const min = Math.max(bag.minimum ?? -1_000, -1_000_000);
      const typical = fc.integer({ min, max: Math.max(min, Math.min(bag.maximum ?? 1_000_000, 1_000_000)) });
      // The bounds themselves: the largest id an int4 column holds, the largest amount JSON carries.
      const bounds = [bag.minimum, bag.maximum].filter((n): n is number => n !== undefined && Number.isSafeInteger(n));
      return bounds.length > 0 ? fc.oneof({ weight: 3, arbitrary: typical }, { weight: 1, arbitrary: fc.constantFrom(...bounds) }) : typical;
    }
    case 'string': {
      const bag = bagOf(schema);
      if (bag.format === 'date') return fc.constantFrom('2026-11-21', '2026-09-01');
      if (bag.format === 'datetime') return fc.constantFrom('2026-11-21T10:00:00Z', '2026-11-20T23:30:00-03:00');
      const pattern = bag.patterns.find((p) => p.source !== PlainText.source && p.source.startsWith('^'));
      if (pattern) return fc.stringMatching(pattern, { size: 'xsmall' });
      const minLength = bag.minimum ?? 0;
      const maxLength = Math.max(minLength, Math.min(bag.maximum ?? 40, 40));
      // Printable text in any script (emoji, right-to-left, combining marks), within the length.
      return fc.oneof(
        fc.string({ minLength, maxLength }),
        fc.string({ unit: 'grapheme', minLength, maxLength }).filter((v) => v.length <= (bag.maximum ?? Infinity)),
      );
    }
    case 'object':
      return objectArb(def.shape!);
    default:
      return fc.constant(null);
  }
}

function objectArb(shape: Record<string, z.ZodType>): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(shape).map(([k, s]) => validArb(s).map((v) => [k, v] as const));
  return fc.tuple(...entries).map((pairs) => Object.fromEntries(pairs.filter(([, v]) => v !== undefined)));
}

/** The kind of leaf a field holds, under its optional/default/nullable wrappers. */
function leafKind(schema: z.ZodType): string {
  const def = defOf(schema);
  if (def.innerType) return leafKind(def.innerType);
  if (def.in) return leafKind(def.in);
  if (def.type === 'union') return def.options!.map(leafKind).find((k) => k !== 'literal') ?? 'literal';
  if (def.type === 'string' && (bagOf(schema).format === 'date' || bagOf(schema).format === 'datetime')) return 'date';
  return def.type;
}

const hostileText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    'tab\there',
    'line\nbreak',
    '\r\n',
    '\u001b[31mred',
    'del\u007f',
    'c1\u0085',
    'lone \ud800 high',
    'lone \udfff low',
    '\ufeff\u202eRTL',
    '%00',
    "' or 1=1 --",
    '../../etc/passwd',
    '',
    ' ',
    'a'.repeat(5_000),
    'é'.repeat(300),
  ),
  fc.string({ unit: 'binary', maxLength: 24 }),
  { weight: 2, arbitrary: fc.string({ maxLength: 8 }).map((s) => `${s}\u0000${s}`) },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(
    2 ** 31 - 1,
    2 ** 31,
    2 ** 32,
    2 ** 53 - 1,
    2 ** 53,
    2 ** 63,
    -1,
    0,
    -(2 ** 31) - 1,
    -(2 ** 53),
    0.5,
    1.5,
    -0.000001,
    1e308,
    5e-324,
    Infinity,
    -Infinity,
  ),
  fc.double({ noNaN: true }),
  { weight: 2, arbitrary: fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }) },
);

const hostileDate = fc.constantFrom(
  '0000-01-01',
  '0001-01-01',
  '1969-12-31',
  '1999-12-31T23:59:59-14:00',
  '9999-12-31',
  '9999-12-31T23:59:59-14:00',
  '0001-01-01T00:00:00+14:00',
  '275760-09-13',
  '+275760-09-13T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '2026-02-30',
  '2026-13-01',
  '2026-11-21T25:00:00Z',
  '2026-11-21T10:00:00',
  'yesterday',
);

const wrongType = fc.constantFrom<unknown>(null, true, false, [], {}, [1, 2], { a: 1 }, '1', 'true', 'null');

/** Arrays or objects nested this deep: the parser and the validator must not fall over. */
const deep = fc.integer({ min: 20, max: 1_500 }).chain((depth) =>
  fc.boolean().map((asArray) => {
    let v: unknown = 1;
    for (let i = 0; i < depth; i++) v = asArray ? [v] : { a: v };
    return v;
  }),
);

function hostileLeaf(schema: z.ZodType | undefined): fc.Arbitrary<unknown> {
  const kind = schema ? leafKind(schema) : 'unknown';
  const own = kind === 'number' ? hostileNumber : kind === 'date' ? fc.oneof(hostileDate, hostileText) : kind === 'string' ? hostileText : fc.oneof(hostileText, hostileNumber);
  return fc.oneof({ weight: 6, arbitrary: own }, { weight: 2, arbitrary: wrongType }, { weight: 1, arbitrary: deep });
}

/** Bodies of the schema's shape with legal edge values: most pass the contract. */
export function plausibleBodies(request: z.ZodObject): fc.Arbitrary<Record<string, unknown>> {
  return objectArb(request.shape as Record<string, z.ZodType>);
}

/** Hostile bodies for one request schema. */
export function hostileBodies(request: z.ZodObject): fc.Arbitrary<unknown> {
  const shape = request.shape as Record<string, z.ZodType>;
  const own = Object.keys(shape);
  const valid = objectArb(shape);
  const extraKey = fc.constantFrom('__proto__', 'constructor', 'userId', 'balance', 'coin', 'isAdmin', '', '\u0000');

  // One field gets a hostile value of its kind (or of a wrong kind), the rest stay valid so the
  // value reaches as far into the server as it can; the endpoint's own fields are chosen first.
  const ownFields = own.filter((k) => !(k in commonBody.shape));
  const field = ownFields.length > 0 ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ownFields) }, { weight: 1, arbitrary: fc.constantFrom(...own) }) : fc.constantFrom(...own);
  const plant = (keys: string[]) =>
    fc.tuple(...keys.map((k) => hostileLeaf(shape[k]).map((v) => [k, v] as const))).map((pairs) => Object.fromEntries(pairs));
  const single = fc.tuple(valid, field.chain((k) => plant([k]))).map(([body, bad]) => ({ ...body, ...bad }));
  // Or several at once.
  const several = fc
    .tuple(valid, fc.shuffledSubarray(own, { minLength: 2, maxLength: Math.min(3, own.length) }).chain(plant))
    .map(([body, bad]) => ({ ...body, ...bad }));
  // Fields missing, and fields the contract does not have, carrying hostile values.
  const reshaped = fc
    .tuple(valid, fc.shuffledSubarray(own, { maxLength: own.length }), fc.array(fc.tuple(extraKey, hostileLeaf(undefined)), { maxLength: 3 }))
    .map(([body, drop, extra]) => {
      const out: Record<string, unknown> = { ...body };
      for (const k of drop) delete out[k];
      for (const [k, v] of extra) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      return out;
    });
  // Not an object at all.
  const notObject = fc.oneof(fc.constantFrom<unknown>([], [{}], 'body', 42, true), deep);

  return fc.oneof({ weight: 12, arbitrary: single }, { weight: 3, arbitrary: several }, { weight: 2, arbitrary: reshaped }, { weight: 1, arbitrary: notObject });
}
