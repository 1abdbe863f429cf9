import type { ByteRange } from '../adapters/storage/file-store';

/**
 * A `Range: bytes=…` header against a file of `size` bytes, read as static servers read it:
 * one satisfiable range is served; none satisfiable is a 416; several, or a header that is not a
 * bytes range, get the whole file.
 */
export type RangeRequest =
  { kind: 'whole' } | { kind: 'range'; range: ByteRange } | { kind: 'unsatisfiable' };

const BYTES_UNIT = /^ *bytes=/;
const SPEC = /^ *(\d*) *- *(\d*) *$/;

function parseSpec(spec: string, size: number): ByteRange | undefined {
  const match = SPEC.exec(spec);
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    return suffix > 0 && size > 0 ? { start: Math.max(0, size - suffix), end: size - 1 } : undefined;
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start <= end ? { start, end } : undefined;
}

export function parseRangeHeader(header: string | undefined, size: number): RangeRequest {
  if (header === undefined || !BYTES_UNIT.test(header)) return { kind: 'whole' };
  const specs = header.slice(header.indexOf('=') + 1).split(',');
  const ranges = specs.map((spec) => parseSpec(spec, size)).filter((range) => range !== undefined);
  if (ranges.length === 0) return { kind: 'unsatisfiable' };
  return ranges.length === 1 ? { kind: 'range', range: ranges[0]! } : { kind: 'whole' };
}
