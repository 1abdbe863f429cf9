/** Site settings: the server writes them into index.html as meta tags; the build's values are the fallback. */
function siteMeta(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim() || undefined;
}

export const appName: string =
  siteMeta('application-name') ?? (import.meta.env.VITE_APP_NAME?.trim() || 'Reeltime');

/** ISO 4217 code of the site's one currency. */
export const siteCurrency: string = siteMeta('site-currency') ?? 'INR';

/**
 * The operator's ad page for the browse banner's ad slot (meta `ad-slot-url`), when it is an http(s)
 * address; read on each call so a page can be rendered with or without one.
 */
export function adSlotUrl(): string | undefined {
  const value = siteMeta('ad-slot-url');
  if (!value) return undefined;
  try {
    const url = new URL(value, window.location.href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the operator lets visitors create accounts (meta `signups-open`, from the console's
 * settings); read on each call, so the page rendered after a reload tells the truth.
 */
export function signupsOpen(): boolean {
  return siteMeta('signups-open') !== 'false';
}

/** The largest file a form takes, in MB (meta `max-upload-mb`, the server's MAX_UPLOAD_MB); 5 without it. */
export function maxUploadMb(): number {
  const value = Number(siteMeta('max-upload-mb'));
  return Number.isFinite(value) && value > 0 ? value : 5;
}

/**
 * Where members write for help (meta `support-email`, from the console's settings), when the
 * operator set one; read on each call like the other settings.
 */
export function supportEmail(): string | undefined {
  const value = siteMeta('support-email');
  return value && /^[^\s@]+@[^\s@]+$/.test(value) ? value : undefined;
}
