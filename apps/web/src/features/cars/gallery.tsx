import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { CarPhoto } from '@second-gear/contract';
import { carPhotoSizes } from '@second-gear/contract/constants';
import { FullScreenPhotos } from './full-screen-photos.tsx';
import { StepButton } from './step-button.tsx';
import { useSwipe } from './use-swipe.ts';

export interface GalleryProps {
  photos: CarPhoto[];
  /** The car's name: the pictures' text alternative. */
  carName: string;
}

/**
 * A car's photos: the big picture (the cover first) and a row of thumbnails below it. Left and right
 * arrow keys on the big picture, its Previous and Next buttons, a sideways swipe on a touch screen
 * and the thumbnails all move between photos (round the ends). `Full screen`, or a click on the big
 * picture, shows them over the whole screen with zoom (full-screen-photos.tsx), at the same photo.
 * The pictures' boxes have a fixed aspect ratio, so nothing moves while they load; only the cover
 * loads at once, with high priority.
 */
export function Gallery({ photos, carName }: GalleryProps) {
  const [index, setIndex] = useState(0);
  const [fullScreen, setFullScreen] = useState(false);
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);
  const hintId = useId();
  const count = photos.length;
  const show = (next: number) => {
    const wrapped = (next + count) % count;
    setIndex(wrapped);
    // Keep the chosen thumbnail in sight when there are more than fit the row.
    thumbnails.current[wrapped]?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };
  const swipe = useSwipe((step) => show(index + step));
  const photo = photos[index] ?? photos[0];
  if (!photo) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: count - 1 };
    const next = moves[event.key];
    if (next === undefined || count < 2) return;
    event.preventDefault();
    show(next);
  };

  const several = count > 1;
  const position = `Photo ${index + 1} of ${count}`;

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div
        role="region"
        aria-roledescription="gallery"
        aria-label={`Photos of ${carName}`}
        aria-describedby={several ? hintId : undefined}
        tabIndex={several ? 0 : undefined}
        onKeyDown={onKeyDown}
        {...swipe}
        // pan-y: the page still scrolls up and down under a finger, while sideways moves come here.
        className="relative aspect-[4/3] touch-pan-y touch-pinch-zoom overflow-hidden rounded-box bg-base-200"
      >
        <img
          src={photo.url}
          srcSet={photo.srcSet || undefined}
          // The server's preload of the cover names the same sizes, so the browser picks the same file for both.
          sizes={carPhotoSizes}
          alt={several ? `${carName}, photo ${index + 1} of ${count}` : carName}
          width={1280}
          height={960}
          loading={index === 0 ? 'eager' : 'lazy'}
          fetchPriority={index === 0 ? 'high' : 'auto'}
          decoding="async"
          draggable={false}
          // A mouse's way in; a keyboard's is the Full screen button, which says the same.
          onClick={() => setFullScreen(true)}
          className="h-full w-full cursor-zoom-in object-contain select-none"
        />
        <button type="button" onClick={() => setFullScreen(true)} className="btn btn-sm absolute top-2 right-2 h-11 min-h-11 border-0 bg-base-100/85 shadow">
          Full screen
        </button>
        {several ? (
          <>
            <p id={hintId} className="sr-only">
              Use the left and right arrow keys to move between photos.
            </p>
            <StepButton direction="previous" onClick={() => show(index - 1)} />
            <StepButton direction="next" onClick={() => show(index + 1)} />
            <p aria-live="polite" aria-atomic="true" className="badge absolute bottom-3 left-1/2 -translate-x-1/2 border-0 bg-neutral/80 text-neutral-content">
              {position}
            </p>
          </>
        ) : null}
      </div>
      {several ? (
        <ul className="flex gap-2 overflow-x-auto p-1.5" aria-label="All photos">
          {photos.map((thumbnail, i) => (
            <li key={thumbnail.url} className="shrink-0">
              <button
                ref={(element) => {
                  thumbnails.current[i] = element;
                }}
                type="button"
                aria-label={`Show photo ${i + 1} of ${count}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => show(i)}
                className={`block h-15 w-20 overflow-hidden rounded-lg bg-base-200 ${
                  i === index ? 'ring-3 ring-primary' : 'opacity-80 hover:opacity-100'
                }`}
              >
                <img
                  src={thumbnail.url}
                  srcSet={thumbnail.srcSet || undefined}
                  sizes="80px"
                  alt=""
                  width={80}
                  height={60}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  decoding="async"
                  draggable={false}
                  className="h-full w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FullScreenPhotos open={fullScreen} photos={photos} carName={carName} index={index} onShow={show} onClose={() => setFullScreen(false)} />
    </div>
  );
}
