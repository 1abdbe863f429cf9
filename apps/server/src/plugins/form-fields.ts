import { FormLimits } from '@reeltime/contract';
import { AppError } from '../lib/errors';

/**
 * Bracketed multipart field names (`cast[0][name]`) nested into the object the JSON form of the
 * same request would have. Every bound is fixed: a name has at most FormLimits.maxDepth parts, a
 * list index is below FormLimits.maxListItems, and the work done is proportional to the number
 * of parts received, never to a number written in a field name.
 */

export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const DIGITS = /^\d+$/;
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);
const isName = (text: string) => NAME.test(text) && !RESERVED.has(text);

const badName = () => new AppError(400, 'A form field name is not valid.');
const tooManyItems = (field: string) => {
  const message = `At most ${FormLimits.maxListItems} items are allowed.`;
  return new AppError(422, message, { [field]: [message] });
};

type Segment = { kind: 'key'; key: string } | { kind: 'index'; index: number };

/** `cast[0][name]` -> key cast, index 0, key name; anything outside that grammar is refused. */
export function parseFieldName(field: string): Segment[] {
  const open = field.indexOf('[');
  const head = open === -1 ? field : field.slice(0, open);
  if (!isName(head)) throw badName();
  const segments: Segment[] = [{ kind: 'key', key: head }];
  let rest = open === -1 ? '' : field.slice(open);
  while (rest.length > 0) {
    const close = rest.indexOf(']');
    if (rest[0] !== '[' || close === -1) throw badName();
    const inner = rest.slice(1, close);
    rest = rest.slice(close + 1);
    if (segments.length >= FormLimits.maxDepth) throw badName();
    if (DIGITS.test(inner)) {
      if (inner.length > 1 && inner.startsWith('0')) throw badName();
      if (inner.length > 3 || Number(inner) >= FormLimits.maxListItems) throw tooManyItems(head);
      segments.push({ kind: 'index', index: Number(inner) });
    } else if (isName(inner)) {
      segments.push({ kind: 'key', key: inner });
    } else {
      throw badName();
    }
  }
  return segments;
}

/** A list or an object while nesting; lists are kept by index and ordered at the end, so sparse indices close up. */
class Group {
  readonly children = new Map<string | number, Group | FormValue>();
  constructor(readonly isList: boolean) {}

  child(segment: Segment, asList: boolean): Group {
    const key = segmentKey(segment);
    const existing = this.children.get(key);
    if (existing === undefined) {
      const created = new Group(asList);
      this.children.set(key, created);
      return created;
    }
    if (!(existing instanceof Group) || existing.isList !== asList) throw badName();
    return existing;
  }

  /** A name given twice becomes a list of its values. */
  add(segment: Segment, value: string): void {
    const key = segmentKey(segment);
    const previous = this.children.get(key);
    if (previous === undefined) this.children.set(key, value);
    else if (typeof previous === 'string') this.children.set(key, [previous, value]);
    else if (Array.isArray(previous) && previous.length < FormLimits.maxListItems) previous.push(value);
    else throw badName();
  }

  toValue(): FormValue {
    const entries = [...this.children.entries()].map(
      ([key, value]) => [key, value instanceof Group ? value.toValue() : value] as const,
    );
    if (this.isList) return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, value]) => value);
    return Object.fromEntries(entries);
  }
}

const segmentKey = (segment: Segment) => (segment.kind === 'key' ? segment.key : segment.index);

/** Nests the text fields of a form, in the order received. */
export function nestFormFields(fields: Iterable<readonly [name: string, value: string]>): FormObject {
  const root = new Group(false);
  for (const [field, value] of fields) {
    const segments = parseFieldName(field);
    let group = root;
    for (let position = 0; position < segments.length - 1; position += 1) {
      group = group.child(segments[position]!, segments[position + 1]!.kind === 'index');
    }
    group.add(segments[segments.length - 1]!, value);
  }
  return root.toValue() as FormObject;
}
