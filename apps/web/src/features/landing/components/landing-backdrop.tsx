import { useQuery } from '@tanstack/react-query';
import { backdropQuery } from '../api/landing-api';

const TILES = 8;

/** A tilted wall of banner artwork behind the landing hero; hidden from assistive technology. */
export function LandingBackdrop() {
  const { data } = useQuery(backdropQuery());
  const images = (data ?? []).map((banner) => banner.poster_url).filter(Boolean);
  if (images.length === 0) return null;
  const tiles = Array.from({ length: TILES }, (_, index) => images[index % images.length] as string);
  return (
    <div className="landing-hero__collage" aria-hidden="true">
      {tiles.map((src, index) => (
        <img key={index} src={src} alt="" width={480} height={270} decoding="async" fetchPriority="low" />
      ))}
    </div>
  );
}
