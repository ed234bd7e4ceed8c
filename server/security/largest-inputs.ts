/**
 * The largest input a route's schema allows (checklist 42), found from its OpenAPI document and the
 * route's own answers. The document gives most maxima (maxLength, maxItems, maximum); a bound kept
 * in a refinement or a pipe (text cleaned then measured, an event's length, a series' count) is not
 * in it, so each size is a knob searched by halving: every knob starts at its largest, and a knob the
 * 400's `fields` names is made smaller, one the answer does not name is kept, until the route takes
 * the input or nothing is left to shrink.
 */

export type Schema = {
  type?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  nullable?: boolean;
};

/** Sizes without a bound in the document start here: well over any bound a schema keeps to itself, under the 1 MiB body limit. */
export const TEXT_START = 60_000;
export const ITEMS_START = 500;
export const NUMBER_START = 1e9;

type Knob = { min: number; lo: number; hi: number; v: number; declared: boolean; refused: boolean };

/** The sizes of one input: each an integer between its least and its largest, searched by halving. */
export class Knobs {
  private readonly knobs = new Map<string, Knob>();

  /** The knob's current value; a new knob starts at `max` (`declared`: a maximum the document gives, else a guess). */
  get(key: string, min: number, max: number, declared = true): number {
    let knob = this.knobs.get(key);
    if (!knob) {
      const [lo, hi] = [Math.ceil(min), Math.max(Math.ceil(min), Math.floor(max))];
      knob = { min: lo, lo, hi, v: hi, declared, refused: false };
      this.knobs.set(key, knob);
    }
    return knob.v;
  }

  /** The sizes the document leaves unbounded that no answer refused as too large: bounded nowhere, when the route took the input. */
  unbounded(): string[] {
    return [...this.knobs].filter(([, k]) => !k.declared && !k.refused).map(([key]) => key);
  }

  /**
   * After a refusal naming `fields` (paths as the error handler gives them: 'name', 'steps.3',
   * 'repeat.count'; `all`: every knob, as for a 413): those knobs shrink, the others are kept. A
   * knob found too large after it was settled (a refinement that runs only once the fields pass)
   * is searched again from its least. False when no knob can move.
   */
  step(fields: string[], all = false): boolean {
    const named = new Set(fields.map((f) => f.replace(/\.\d+(?=\.|$)/g, '[]')));
    let moved = false;
    for (const [key, knob] of this.knobs) {
      const flagged = all || named.has(key);
      if (named.has(key)) knob.refused = true;
      if (!flagged) {
        knob.lo = Math.max(knob.lo, knob.v);
      } else if (knob.v > knob.min) {
        if (knob.v <= knob.lo) knob.lo = knob.min;
        // A maximum of 2^53 (a number the document does not bound otherwise) is searched from NUMBER_START down.
        knob.hi = Math.min(knob.v - 1, Math.max(knob.lo, NUMBER_START));
        moved = true;
      } else continue;
      knob.v = knob.lo >= knob.hi ? knob.lo : Math.ceil((knob.lo + knob.hi) / 2);
    }
    return moved;
  }
}

/** What the caller fills itself (ids, dates, time zones…): a value for the field `name` at `path`, or undefined. */
export type Hint = (name: string, path: string, schema: Schema, knobs: Knobs) => unknown;

/** Text of `length` characters: words, spaces and an accented letter, as a rider would type. */
export function text(length: number): string {
  const words = 'Dawn patrol at the reef, offshore wind and clean sets; é ';
  return words.repeat(Math.ceil(length / words.length) + 1).slice(0, length);
}

const url = (length: number) => `https://example.com/${'a'.repeat(Math.max(0, length - 20))}`;

/** The alternatives of a schema (a body that is one of several objects); one for a plain schema. */
export function variantsOf(schema: Schema | undefined): (Schema | undefined)[] {
  const options = (schema?.oneOf ?? schema?.anyOf)?.filter((s) => s.type !== 'null');
  return options && options.length > 0 ? options : [schema];
}

/** The largest value of `schema` at `path` that the knobs give now. */
export function largest(schema: Schema | undefined, path: string, knobs: Knobs, hint: Hint): unknown {
  if (!schema) return undefined;
  const name = path.split(/[.[]/).filter(Boolean).at(-1) ?? '';
  const hinted = hint(name, path, schema, knobs);
  if (hinted !== undefined) return hinted;
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return largest(options.find((s) => s.type !== 'null') ?? options[0], path, knobs, hint);
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        const v = largest(property, path ? `${path}.${key}` : key, knobs, hint);
        if (v !== undefined) value[key] = v;
      }
      return value;
    }
    case 'array': {
      const count = knobs.get(path, schema.minItems ?? 0, schema.maxItems ?? ITEMS_START, schema.maxItems !== undefined);
      const item = largest(schema.items, `${path}[]`, knobs, hint);
      return Array.from({ length: count }, () => item);
    }
    case 'string': {
      if (schema.format === 'uri' || schema.format === 'uri-reference') return url(knobs.get(path, 20, schema.maxLength ?? 2000));
      if (schema.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
      if (schema.format === 'email') return 'largest-inputs@example.com';
      const length = knobs.get(path, schema.minLength ?? 0, schema.maxLength ?? TEXT_START, schema.maxLength !== undefined);
      // A pattern ('^[0-9a-z]+$') is met by letters or digits where words are not.
      const candidates = [text(length), 'a'.repeat(length), '0'.repeat(length)];
      const pattern = schema.pattern ? new RegExp(schema.pattern) : undefined;
      return candidates.find((c) => !pattern || pattern.test(c)) ?? candidates[0];
    }
    case 'integer':
    case 'number':
      return knobs.get(path, schema.minimum ?? 0, schema.maximum ?? NUMBER_START, schema.maximum !== undefined);
    case 'boolean':
      return true;
    default:
      return undefined;
  }
}

/** The JSON length of `value`, counted without writing it (an array holds one item many times). */
export function jsonLength(value: unknown): number {
  if (typeof value === 'string') return value.length + 2;
  if (Array.isArray(value)) return value.reduce<number>((n, item) => n + jsonLength(item) + 1, 2);
  if (value && typeof value === 'object') return Object.entries(value).reduce((n, [k, v]) => n + k.length + 4 + jsonLength(v), 2);
  return String(value).length;
}

/** Over the server's 1 MiB body limit, which answers 413 before reading it (limits.test.ts): the caller need not build it. */
export const BODY_LIMIT = 1024 * 1024;

export type Answer = { statusCode: number; json(): unknown };

/**
 * Sends the input the knobs give, shrinking them on each 400 (or 413) until the route takes it or
 * nothing is left to shrink; the last answer, and how many requests it took.
 */
export async function search(send: (knobs: Knobs) => Promise<Answer>, maxAttempts = 48): Promise<{ answer: Answer; knobs: Knobs; attempts: number }> {
  const knobs = new Knobs();
  let answer = await send(knobs);
  let attempts = 1;
  for (; attempts < maxAttempts; attempts++) {
    let moved = false;
    if (answer.statusCode === 413) moved = knobs.step([], true);
    else if (answer.statusCode === 400) {
      const fields = (answer.json() as { fields?: Record<string, string> }).fields;
      moved = !!fields && knobs.step(Object.keys(fields));
    }
    if (!moved) break;
    answer = await send(knobs);
  }
  return { answer, knobs, attempts };
}
