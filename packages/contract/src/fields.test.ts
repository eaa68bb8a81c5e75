import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Int4Max, PlainText, endpointList, int4Id, int8Id, recordDay, recordDayOrInstant, text } from './index.ts';
import { rejectWithdrawalBody, unlockPlayerBody } from './operator.ts';

/** The string and number leaves of a request schema, under optional/default/nullable/union wrappers. */
function leaves(schema: z.ZodType, path: string, out: { path: string; schema: z.ZodType }[] = []) {
  const def = schema._zod.def as unknown as { type: string; innerType?: z.ZodType; options?: z.ZodType[]; shape?: Record<string, z.ZodType> };
  if (def.type === 'object') for (const [k, v] of Object.entries(def.shape!)) leaves(v, path ? `${path}.${k}` : k, out);
  else if (def.innerType) leaves(def.innerType, path, out);
  else if (def.type === 'union') for (const o of def.options!) leaves(o, path, out);
  else if (def.type === 'string' || def.type === 'number') out.push({ path, schema });
  return out;
}

interface CheckDef {
  check: string;
  pattern?: RegExp;
  value?: number;
}
/** A leaf's patterns, format and upper bound, read from its checks. */
function bag(s: z.ZodType) {
  const def = s._zod.def as unknown as { format?: string; checks?: { _zod: { def: CheckDef } }[] };
  const checks = (def.checks ?? []).map((c) => c._zod.def);
  return {
    format: def.format,
    patterns: checks.flatMap((c) => (c.pattern ? [c.pattern] : [])),
    maximum: checks.find((c) => c.check === 'less_than')?.value,
  };
}

describe('input rules', () => {
  it('text refuses NUL, other control characters and lone surrogates, and keeps any printable script', () => {
    for (const bad of ['a\u0000b', 'tab\t', 'line\nbreak', '\u001b[0m', 'del\u007f', '\u0085', 'x\ud800']) {
      expect(text(64).safeParse(bad).error?.issues[0]?.message, JSON.stringify(bad)).toMatch(/control characters/);
    }
    for (const ok of ['Ana Souza', 'José 😀', 'ชื่อ', 'שלום', '']) expect(text(64).safeParse(ok).success, ok).toBe(true);
  });

  it('ids stay within their columns: int4 up to 2^31 − 1, int8 up to 2^53 − 1, never 0 or fractions', () => {
    expect(int4Id().safeParse(Int4Max).success).toBe(true);
    expect(int4Id().safeParse(Int4Max + 1).error?.issues[0]?.message).toMatch(/at most 2147483647/);
    expect(int8Id().safeParse(2 ** 31).success).toBe(true);
    expect(int8Id().safeParse(2 ** 53).success).toBe(false);
    for (const bad of [0, -1, 1.5, Infinity]) {
      expect(int4Id().safeParse(bad).success).toBe(false);
      expect(int8Id().safeParse(bad).success).toBe(false);
    }
  });

  it('record dates are days or instants in the years 2000 to 2999, whatever the offset', () => {
    for (const ok of ['2000-01-01', '2999-12-31', '2026-11-21T10:00:00Z', '2026-11-21T10:00:00-03:00']) {
      expect(recordDayOrInstant().safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of ['0000-01-01', '1999-12-31', '3000-01-01', '9999-12-31T23:59:59-14:00', '2026-02-30', '275760-09-13']) {
      expect(recordDayOrInstant().safeParse(bad).error?.issues[0]?.message, bad).toMatch(/2000 to 2999/);
    }
    expect(recordDay().safeParse('2026-11-21T10:00:00Z').success).toBe(false);
  });

  it('every string a client or operator sends follows the text rule, and every id has a column bound', () => {
    const bodies: [string, z.ZodType][] = [
      ...endpointList.map((e): [string, z.ZodType] => [e.path, e.request]),
      ['operator unlock', unlockPlayerBody],
      ['operator reject', rejectWithdrawalBody],
    ];
    for (const [name, schema] of bodies) {
      for (const leaf of leaves(schema, '')) {
        const where = `${name}: ${leaf.path}`;
        const b = bag(leaf.schema);
        if (leaf.schema._zod.def.type === 'string') {
          const plain = b.patterns.some((p) => p.source === PlainText.source);
          const dated = b.format === 'date' || b.format === 'datetime';
          expect(plain || dated, `${where} is a string without the text rule`).toBe(true);
        } else if (/(^|\.)(id|\w+Id)$/.test(leaf.path)) {
          expect(b.maximum, `${where} is an id without a column bound`).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
        }
      }
    }
  });
});
