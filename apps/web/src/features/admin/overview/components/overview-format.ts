/** Figures as the overview prints them. */

const integer = new Intl.NumberFormat('en');

export const formatCount = (value: number) => integer.format(value);

/** `1 payment`, `3 payments`. */
export const plural = (count: number, noun: string) =>
  `${formatCount(count)} ${noun}${count === 1 ? '' : 's'}`;

/** Minor units (paise, cents) in their currency: `69800 INR` -> `₹698.00`. */
export function formatMinor(amountMinor: number, currency: string): string {
  try {
    const format = new Intl.NumberFormat('en', { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amountMinor / 10 ** digits);
  } catch {
    return `${(amountMinor / 100).toFixed(2)} ${currency}`;
  }
}

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** Bytes in the largest unit that keeps the number at least 1, in powers of 1024 (`1.5 GB`). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 ? String(value) : value.toFixed(value < 10 ? 1 : 0);
  return `${shown} ${UNITS[unit]}`;
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A UTC day `YYYY-MM-DD` as `12 Mar`. */
export const formatShortDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

const timeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO time in the reader's zone, `12 Mar 2025, 14:05`. */
export const formatTime = (iso: string) => timeFormat.format(new Date(iso));
