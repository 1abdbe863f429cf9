import { PAYLOAD_SUMMARY_MAX as MAX_LENGTH } from '@reeltime/contract';

/**
 * Text values shown in a job's payload summary. Any other text is left out (shown as `…`), so a
 * job added later that carries a secret or a file path never puts it on the operator's screen.
 */
const SHOWN_TEXT_KEYS = new Set(['email', 'language', 'name']);
const MAX_TEXT = 80;

function describe(key: string, value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') {
    if (!SHOWN_TEXT_KEYS.has(key)) return '…';
    return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT - 1)}…` : value;
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) return `[${value.length}]`;
  if (typeof value === 'object') return `{ ${entries(value as Record<string, unknown>)} }`;
  return '…';
}

const entries = (object: Record<string, unknown>) =>
  Object.entries(object)
    .map(([key, value]) => `${key}: ${describe(key, value)}`)
    .join(', ');

/** `videoId: 12, captions: { file: …, language: en }`: what a job works on, without private text. */
export function payloadSummary(payload: unknown): string {
  const summary =
    payload !== null && typeof payload === 'object' && !Array.isArray(payload)
      ? entries(payload as Record<string, unknown>)
      : describe('', payload);
  return summary.length > MAX_LENGTH ? `${summary.slice(0, MAX_LENGTH - 1)}…` : summary;
}
