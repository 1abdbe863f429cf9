import { siteCurrency } from './env';

/** Renders a title duration given as text `H:M` (`"2:05"` -> `2hrs 5min`). */
export function formatDuration(duration: string | null | undefined): string {
  if (duration === null || duration === undefined || duration.trim() === '') return 'Unknown duration';
  const match = /^(\d{1,3}):(\d{1,2})$/.exec(duration.trim());
  if (!match) return 'Invalid duration';
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59) return 'Invalid duration';
  return `${hours}hrs ${minutes}min`;
}

/** The year of a `YYYY-MM-DD` date: the part before the first dash. */
export function yearOf(date: string | null | undefined): string {
  if (!date) return '';
  return date.split('-')[0] ?? '';
}

/** IMDB rating with one decimal (`7.8`). */
export function formatRating(rating: number): string {
  return Number.isFinite(rating) ? rating.toFixed(1) : '–';
}

/** A loose email check for the landing capture; the signup form validates with the contract. */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value.trim());
}

/** A member's initials for an avatar without a picture; `?` when there is no name. */
export function initials(first: string | undefined, last: string | undefined): string {
  return `${first?.[0] ?? ''}${last?.[0] ?? ''}`.toUpperCase() || '?';
}

/** An amount in major units in `currency` (`149` INR -> `₹149.00`); the site currency when none is given. */
export function formatMoney(amount: number, currency: string = siteCurrency): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: currency || siteCurrency }).format(
      amount,
    );
  } catch {
    // An unknown currency code still shows the amount.
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/**
 * Made on first use: the first date format a page makes costs some milliseconds of locale data,
 * which would otherwise be spent while the app's code is evaluated, before anything is drawn.
 */
let calendarDate: Intl.DateTimeFormat | undefined;

/** A calendar date `YYYY-MM-DD` in words (`2025-08-15` -> `15 August 2025`); other text as it is. */
export function formatDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  calendarDate ??= new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return calendarDate.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
}

/** The day of an ISO timestamp in the reader's time zone (`15 August 2025`). */
export function formatDay(timestamp: string): string {
  const time = new Date(timestamp);
  if (Number.isNaN(time.getTime())) return timestamp;
  return time.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}
