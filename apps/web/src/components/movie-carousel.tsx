import './movie-carousel.scss';
import { useDeferredValue, useId, useState, type KeyboardEvent } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y } from 'swiper/modules';
import type { Swiper as SwiperInstance, SwiperOptions } from 'swiper/types';
import { Messages, type MovieCard as MovieCardData } from '@reeltime/contract';
import { ROW_CARD_SIZES } from './card-sizes';
import { ChevronIcon } from './icons';
import { MovieCard } from './movie-card';
import { CardShimmer } from './shimmer';
import 'swiper/css';
import 'swiper/css/a11y';

/** Cards per view by minimum viewport width (spec: 6.02, 4.02 below 1400, 3 below 1024, 2 below 768, 1 below 480). */
export const CAROUSEL_BREAKPOINTS: Record<number, SwiperOptions> = {
  0: { slidesPerView: 1, spaceBetween: 12 },
  480: { slidesPerView: 2, spaceBetween: 12 },
  768: { slidesPerView: 3, spaceBetween: 16 },
  1024: { slidesPerView: 4.02, spaceBetween: 16 },
  1400: { slidesPerView: 6.02, spaceBetween: 18 },
};
export const CAROUSEL_SPEED_MS = 500;
/** Loop needs more slides than fit in a view plus one group; below this the row simply stops at its ends. */
const LOOP_MIN_SLIDES = 8;
const PLACEHOLDERS = 5;

interface MovieCarouselProps {
  title: string;
  movies: MovieCardData[] | undefined;
  isLoading: boolean;
  ranked?: boolean;
}

export function MovieCarousel({
  title,
  movies,
  isLoading: loadingMovies,
  ranked = false,
}: MovieCarouselProps) {
  const headingId = useId();
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [edges, setEdges] = useState({ start: true, end: false });
  // Cards that arrive with a query's answer would all render in one task; deferred, React
  // renders them in a transition it splits into short tasks.
  const shown = useDeferredValue(movies);
  const isLoading = loadingMovies || (movies !== undefined && shown === undefined);
  const list = shown ?? [];
  const loop = list.length >= LOOP_MIN_SLIDES;

  const updateEdges = (instance: SwiperInstance) =>
    setEdges({ start: instance.isBeginning, end: instance.isEnd });

  /**
   * Left/Right arrows: inside a card, focus moves to the same control of the neighbouring card
   * (Swiper's a11y module brings it into view); elsewhere in the row, the row slides.
   */
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!swiper || (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft')) return;
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, select')) return;
    event.preventDefault();
    const forward = event.key === 'ArrowRight';
    const slide = target.closest<HTMLElement>('.swiper-slide');
    if (!slide) {
      if (forward) swiper.slideNext();
      else swiper.slidePrev();
      return;
    }
    const focusables = (element: Element) =>
      Array.from(element.querySelectorAll<HTMLElement>('a[href], button'));
    const position = focusables(slide).indexOf(target);
    const neighbour = (
      forward ? slide.nextElementSibling : slide.previousElementSibling
    ) as HTMLElement | null;
    if (!neighbour) {
      if (forward) swiper.slideNext();
      else swiper.slidePrev();
      return;
    }
    const controls = focusables(neighbour);
    controls[Math.max(0, Math.min(position, controls.length - 1))]?.focus();
  };

  const showControls = !isLoading && list.length > 1;

  return (
    <section className="movie-row" aria-labelledby={headingId} onKeyDown={onKeyDown}>
      <div className="movie-row__header">
        <h2 id={headingId} className="movie-row__title">
          {title}
        </h2>
        {showControls && (
          <div className="movie-row__controls">
            <button
              type="button"
              className="icon-button"
              aria-label={`Previous ${title}`}
              disabled={!loop && edges.start}
              onClick={() => swiper?.slidePrev()}
            >
              <ChevronIcon direction="left" />
            </button>
            <button
              type="button"
              className="icon-button"
              aria-label={`Next ${title}`}
              disabled={!loop && edges.end}
              onClick={() => swiper?.slideNext()}
            >
              <ChevronIcon />
            </button>
          </div>
        )}
      </div>

      {isLoading ? (
        <div className="movie-row__placeholders" role="status" aria-busy="true">
          <span className="visually-hidden">Loading {title}</span>
          {Array.from({ length: PLACEHOLDERS }, (_, index) => (
            <CardShimmer key={index} />
          ))}
        </div>
      ) : list.length === 0 ? (
        <p className="movie-row__empty">{Messages.noVideos}</p>
      ) : (
        <Swiper
          modules={[A11y]}
          className="movie-row__swiper"
          speed={CAROUSEL_SPEED_MS}
          loop={loop}
          slidesPerView={1}
          spaceBetween={12}
          breakpoints={CAROUSEL_BREAKPOINTS}
          watchSlidesProgress
          a11y={{
            enabled: true,
            prevSlideMessage: `Previous ${title}`,
            nextSlideMessage: `Next ${title}`,
            containerMessage: title,
            slideLabelMessage: '{{index}} of {{slidesLength}}',
          }}
          onSwiper={(instance) => {
            setSwiper(instance);
            updateEdges(instance);
          }}
          onSlideChange={updateEdges}
          onResize={updateEdges}
        >
          {list.map((movie, index) => (
            <SwiperSlide key={movie.id}>
              <MovieCard movie={movie} rank={ranked ? index + 1 : undefined} imageSizes={ROW_CARD_SIZES} />
            </SwiperSlide>
          ))}
        </Swiper>
      )}
    </section>
  );
}
