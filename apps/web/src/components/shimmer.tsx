import './shimmer.scss';
/** Card-shaped loading placeholders (hidden from assistive technology; the region says "Loading"). */
export function CardShimmer() {
  return (
    <div className="shimmer-card" aria-hidden="true">
      <div className="shimmer shimmer-card__poster" />
      <div className="shimmer shimmer-card__line" />
      <div className="shimmer shimmer-card__line shimmer-card__line--short" />
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
