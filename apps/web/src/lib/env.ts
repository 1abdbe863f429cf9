/** Site settings: the server writes them into index.html as meta tags; the build's values are the fallback. */
function siteMeta(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim() || undefined;
}

export const appName: string =
  siteMeta('application-name') ?? (import.meta.env.VITE_APP_NAME?.trim() || 'Reeltime');

/** ISO 4217 code of the site's one currency. */
export const siteCurrency: string = siteMeta('site-currency') ?? 'INR';
