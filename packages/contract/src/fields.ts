import { z } from 'zod';

/**
 * The input rules every request field is built from (decision 016). Hostile bodies must end in a
 * 400 naming the field, never in a database error: PostgreSQL text cannot hold NUL, its integer
 * columns stop at 2^31 − 1 and its timestamps at years it can parse.
 */

/**
 * No C0 control (NUL, tab, line breaks, escape...), DEL, C1 control or lone surrogate: no input a
 * player or operator types produces them, and PostgreSQL refuses NUL in text outright.
 */
// eslint-disable-next-line no-control-regex -- naming the control characters is the point of this rule
export const PlainText = /^[^\u0000-\u001F\u007F-\u009F\p{Cs}]*$/u;
export const PlainTextMessage = 'Must not contain control characters (NUL, tabs, line breaks…) or broken characters';

/** A string field of at most `max` characters, free of control characters. Chain further checks. */
export function text(max: number) {
  return z.string().max(max).regex(PlainText, PlainTextMessage);
}

/** The largest value of a PostgreSQL `integer` column, where catalogue ids (games, channels, banks…) live. */
export const Int4Max = 2_147_483_647;

/** An id stored in an `integer` column: 1 to 2^31 − 1. */
export function int4Id() {
  return z.number().int().min(1, 'Must be an id of 1 or more').max(Int4Max, `Must be an id of at most ${Int4Max}`);
}

/** An id stored in a `bigint` column (players' own rows): 1 up to the largest integer JSON carries exactly. */
export function int8Id() {
  return z.number().int().min(1, 'Must be an id of 1 or more').max(Number.MAX_SAFE_INTEGER, `Must be an id of at most ${Number.MAX_SAFE_INTEGER}`);
}

/**
 * Dates a filter may name: years 2000 to 2999. Nothing is recorded before the platform existed,
 * and every such date, with any UTC offset, is a timestamp PostgreSQL parses (year 0, or 10000
 * reached through an offset, are not).
 */
export const RecordYears = { first: 2000, last: 2999 } as const;
const recordYear = /^2\d{3}-/;
const recordYearMessage = `Choose a date in the years ${RecordYears.first} to ${RecordYears.last}`;

/** A calendar day, e.g. `2026-11-21` (UTC). */
export function recordDay() {
  return z.iso.date().regex(recordYear, recordYearMessage);
}

/** A calendar day (`2026-11-21`, the whole UTC day) or an instant with its offset. */
export function recordDayOrInstant() {
  return z.union([recordDay(), z.iso.datetime({ offset: true }).regex(recordYear, recordYearMessage)], {
    error: `Enter a day (2026-11-21) or a time with its UTC offset, in the years ${RecordYears.first} to ${RecordYears.last}`,
  });
}
