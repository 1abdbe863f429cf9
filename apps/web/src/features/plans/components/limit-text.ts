import type { Plan } from '@reeltime/contract';

type Limit = Plan['plan_type'][number]['limit'];

function label(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueText(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === null || value === undefined) return '–';
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  if (typeof value === 'object') return `(${entriesText(value as Record<string, unknown>)})`;
  return String(value);
}

function entriesText(limit: Record<string, unknown>): string {
  return Object.entries(limit)
    .map(([key, value]) => `${label(key)}: ${valueText(value)}`)
    .join(', ');
}

/** A plan limit as a reader would say it: text as it is, `{ devices: 2 }` as `Devices: 2`. */
export function limitText(limit: Limit): string {
  return typeof limit === 'string' ? limit : entriesText(limit);
}
