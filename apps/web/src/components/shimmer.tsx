import './movie-card.scss';
import './shimmer.scss';

/**
 * A card-shaped loading placeholder (hidden from assistive technology; the region says "Loading").
 * It is laid out by the card's own classes, with bars where the name, the details and the buttons
 * go, so it is exactly as tall as the card that replaces it: nothing below moves when the cards
 * come, and a picture the page's HTML drew in early (first-load/early-requests.ts) stays where the
 * card's will be.
 */
export function CardShimmer() {
  return (
    <div className="movie-card shimmer-card" aria-hidden="true">
      <div className="shimmer shimmer-card__poster" />
      <div className="movie-card__body">
        <div className="movie-card__title shimmer-card__title">
          <span className="shimmer shimmer-card__bar" />
        </div>
        <div className="movie-card__meta shimmer-card__meta">
          <span className="shimmer shimmer-card__bar shimmer-card__bar--short" />
        </div>
        <div className="movie-card__actions">
          <span className="shimmer shimmer-card__button" />
          <span className="shimmer watch-list-button shimmer-card__round" />
        </div>
      </div>
    </div>
  );
}

export function ShimmerGrid({ count = 10, label = 'Loading' }: { count?: number; label?: string }) {
  return (
    <div className="row g-3 g-lg-4" role="status" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="col-6 col-sm-6 col-md-4 col-lg-3 col-xl-2">
          <CardShimmer />
        </div>
      ))}
    </div>
  );
}
