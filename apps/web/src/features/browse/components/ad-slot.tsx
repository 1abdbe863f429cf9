import { Link } from 'react-router';
import { adSlotUrl } from '../../../lib/env';
import { useShowsAds } from './use-shows-ads';
import { paths } from '../../../lib/paths';

/**
 * The browse banner's ad slot. The operator's ad runs in a sandboxed frame without
 * allow-same-origin, so its scripts get an opaque origin and can never read the member's token or
 * this page; without an ad configured, the slot offers the ad-free plans. The box has a fixed
 * aspect ratio, so nothing moves when the ad loads.
 */
export function AdSlot() {
  const showsAds = useShowsAds();
  if (!showsAds) return null;
  const url = adSlotUrl();
  return (
    <aside className="ad-slot" aria-label="Advertisement" data-ad-slot="browse-banner">
      <p className="ad-slot__label" aria-hidden="true">
        Advertisement
      </p>
      <div className="ad-slot__box">
        {url ? (
          <iframe
            src={url}
            title="Advertisement"
            sandbox="allow-scripts allow-popups"
            loading="lazy"
            referrerPolicy="no-referrer"
          />
        ) : (
          <HouseAd />
        )}
      </div>
    </aside>
  );
}

/** The site's own ad: the plans without ads. */
function HouseAd() {
  return (
    <div className="house-ad">
      <p className="house-ad__title">Watch without ads</p>
      <p className="house-ad__text">Choose an ad-free plan and skip every break.</p>
      <Link to={paths.plans()} className="btn btn-primary btn-sm">
        See ad-free plans
      </Link>
    </div>
  );
}
