import { API_BASE, type Banner, type MovieCard, type MovieDetail } from '@reeltime/contract';
import { EAGER_GRID_CARDS, GRID_CARD_SIZES, srcSetOf } from '../components/card-sizes';
import { GRID_PAGE_SIZE } from '../lib/paged-query-size';
import { TOKEN_KEY } from '../lib/session-keys';
import { FIRST_VIEW_WAIT_MS, pickBanner, type EarlyRequest, type FirstLoadHandoff } from './handoff';
import { contentPainted, FIRST_VIEW_IMAGE, imagePainted, type PaintScope } from './painted';

/**
 * A page whose first request the HTML starts for a signed-in member, and what of its answer is
 * drawn into the page's first view (first-views.ts) before the web app has arrived: the image
 * that is the page's largest paint.
 */
interface EarlyPage {
  /** The request's address for the page at `pathname`, as the web app's API client builds it; undefined for another page. */
  request: (pathname: string) => string | undefined;
  /** Draws what the first view can show of the answer (`seed` picks among several) and returns its image. */
  draw: (data: unknown, root: ParentNode, seed: number) => HTMLImageElement | undefined;
}

const PAGES: readonly EarlyPage[] = [
  {
    // The banners (hero-banner.tsx).
    request: (pathname) => (/^\/browse\/?$/.test(pathname) ? `${API_BASE}/user/banners` : undefined),
    draw: (data, root, seed) => drawBannerPoster(data as Banner[], root, seed),
  },
  {
    // All movies, their first page as movies-page.tsx asks for it (titles-api.ts).
    request: (pathname) =>
      /^\/movies\/?$/.test(pathname)
        ? `${API_BASE}/user/movie-list?page=1&per_page=${GRID_PAGE_SIZE}`
        : undefined,
    draw: (data, root) => drawCardImages(data as MovieCard[], root),
  },
  {
    // A title's details (title-details-query.ts).
    request: (pathname) => {
      const id = /^\/movie-details\/([1-9]\d{0,15})\/?$/.exec(pathname)?.[1];
      return id ? `${API_BASE}/user/movie-details/${id}` : undefined;
    },
    draw: (data, root) => drawPlayerPoster(data as MovieDetail, root),
  },
];

/**
 * The chosen banner's poster into the banner's placeholder (first-views.ts), as hero-banner.tsx
 * draws it: the banner then shows its picture while the page's code is still on its way.
 */
export function drawBannerPoster(
  banners: readonly Banner[],
  root: ParentNode,
  seed: number,
): HTMLImageElement | undefined {
  const banner = Array.isArray(banners) ? pickBanner(banners, seed) : undefined;
  const placeholder = root.querySelector('.hero--loading');
  if (!banner?.poster_url || !placeholder || placeholder.querySelector('.hero__media')) return undefined;
  const document = placeholder.ownerDocument;
  const media = document.createElement('div');
  media.className = 'hero__media';
  const image = document.createElement('img');
  image.alt = '';
  image.setAttribute('elementtiming', FIRST_VIEW_IMAGE);
  image.width = 1920;
  image.height = 1080;
  image.setAttribute('fetchpriority', 'high');
  image.src = banner.poster_url;
  media.append(image);
  // The banner's shade, so its text lands on the same picture as the poster shown now.
  const scrim = document.createElement('div');
  scrim.className = 'hero__scrim';
  placeholder.append(media, scrim);
  placeholder.classList.remove('shimmer');
  return image;
}

/** The window's parts the early requests use. */
export type EarlyScope = PaintScope & Pick<Window, 'location' | 'localStorage' | 'fetch' | 'document'>;

/**
 * The first cards' images into the grid's placeholders (first-views.ts), as movie-card.tsx draws
 * them; returns the first, the page's largest paint.
 */
export function drawCardImages(cards: readonly MovieCard[], root: ParentNode): HTMLImageElement | undefined {
  if (!Array.isArray(cards)) return undefined;
  const posters = [...root.querySelectorAll('.shimmer-card__poster')].slice(0, EAGER_GRID_CARDS);
  const images = posters.flatMap((poster, index) => {
    const card = cards[index];
    const url = card?.thumbnail_image || card?.poster_image;
    if (!card || !url || poster.querySelector('img')) return [];
    const image = poster.ownerDocument.createElement('img');
    image.alt = '';
    if (index === 0) image.setAttribute('elementtiming', FIRST_VIEW_IMAGE);
    image.width = 640;
    image.height = 360;
    image.decoding = 'async';
    const sources = card.thumbnail_image ? (card.thumbnail_sources ?? []) : [];
    if (sources.length > 0) {
      // sizes before srcset, as the card sets them: the copy is then chosen once, for the card's width.
      image.sizes = GRID_CARD_SIZES;
      image.srcset = srcSetOf(sources);
    }
    image.src = url;
    poster.classList.remove('shimmer');
    poster.classList.add('shimmer-card__poster--drawn');
    poster.append(image);
    return [image];
  });
  return images[0];
}

/**
 * A movie's poster into the player's placeholder, as the details page's player shows it before
 * playing. A series is left alone: which episode's picture it shows depends on the member's place.
 */
export function drawPlayerPoster(title: MovieDetail, root: ParentNode): HTMLImageElement | undefined {
  const placeholder = root.querySelector('.player--loading');
  const url = title && title.type !== 'tvshow' ? title.thumbnail_image || title.poster_image : '';
  if (!url || !placeholder || placeholder.querySelector('img')) return undefined;
  const image = placeholder.ownerDocument.createElement('img');
  image.alt = '';
  image.setAttribute('elementtiming', FIRST_VIEW_IMAGE);
  image.setAttribute('fetchpriority', 'high');
  image.src = url;
  placeholder.classList.remove('shimmer');
  placeholder.append(image);
  return image;
}

function storedToken(scope: EarlyScope): string | null {
  try {
    // Reading localStorage throws where storage is disabled.
    return scope.localStorage.getItem(TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

/**
 * Starts the page's first request when a member opens one of {@link PAGES}, and draws its answer
 * into the first view once the document has it. Returns what the web app takes over; nothing is
 * started for a visitor, another page or a browser without fetch.
 */
export function startEarlyRequests(scope: EarlyScope, random: () => number): FirstLoadHandoff {
  const requests: EarlyRequest[] = [];
  const bannerSeed = random();
  const limit = new Promise<void>((resolve) => scope.setTimeout(resolve, FIRST_VIEW_WAIT_MS));
  let drawn = contentPainted(scope);
  const token = storedToken(scope);
  const pathname = scope.location.pathname;
  for (const page of token && typeof scope.fetch === 'function' ? PAGES : []) {
    const url = page.request(pathname);
    if (!url || !token) continue;
    const response = scope.fetch(url, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    });
    requests.push({ url, token, response, startedAt: Date.now() });
    const image = response
      .then((answer) =>
        answer.ok ? (answer.clone().json() as Promise<{ status?: unknown; data?: unknown }>) : null,
      )
      .then((body) => (body?.status === true ? page.draw(body.data, scope.document, bannerSeed) : undefined))
      .then((drawnImage) => drawnImage && imagePainted(scope, drawnImage))
      // The web app asks again and reports what went wrong.
      .catch(() => undefined);
    drawn = Promise.all([drawn, image]).then(() => undefined);
  }
  return { requests, bannerSeed, ready: Promise.race([drawn, limit]) };
}
