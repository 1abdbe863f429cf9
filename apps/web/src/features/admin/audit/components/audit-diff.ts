/** One field of an audited change. */
export interface FieldChange {
  field: string;
  kind: 'added' | 'removed' | 'changed';
  before: unknown;
  after: unknown;
}

export interface AuditDiff {
  changes: FieldChange[];
  /** Fields present on both sides with the same value. */
  unchanged: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What changed between an entry's before and after. Two objects compare field by field; any
 * other pair (a deletion's row and null, two lists) is one change named `value`.
 */
export function auditDiff(before: unknown, after: unknown): AuditDiff {
  if (isRecord(before) && isRecord(after)) {
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    const changes: FieldChange[] = [];
    let unchanged = 0;
    for (const field of fields) {
      const inBefore = field in before;
      const inAfter = field in after;
      if (inBefore && inAfter && same(before[field], after[field])) unchanged++;
      else
        changes.push({
          field,
          kind: !inBefore ? 'added' : !inAfter ? 'removed' : 'changed',
          before: before[field],
          after: after[field],
        });
    }
    return { changes, unchanged };
  }
  if (isRecord(before) && (after === null || after === undefined)) {
    return {
      changes: Object.entries(before).map(([field, value]) => ({
        field,
        kind: 'removed',
        before: value,
        after: undefined,
      })),
      unchanged: 0,
    };
  }
  if (isRecord(after) && (before === null || before === undefined)) {
    return {
      changes: Object.entries(after).map(([field, value]) => ({
        field,
        kind: 'added',
        before: undefined,
        after: value,
      })),
      unchanged: 0,
    };
  }
  if (same(before, after)) return { changes: [], unchanged: 0 };
  return { changes: [{ field: 'value', kind: 'changed', before, after }], unchanged: 0 };
}

/** A value as the diff prints it: text as it is, nothing as an em dash, the rest as JSON. */
export function printValue(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  return JSON.stringify(value);
}
