import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { CarPhoto } from '@second-gear/contract';
import { Modal } from '../../ui/modal.tsx';
import { StepButton } from './step-button.tsx';
import { useSwipe } from './use-swipe.ts';
import { clampPan, clampZoom, stepZoom, toggleZoom, zoomLimits } from './zoom.ts';

/** Two taps closer together than this (ms, and px apart) are a double tap. */
const doubleTap = { ms: 300, px: 30 };

interface Gesture {
  /** The fingers (or the mouse) on the photo now, where each is. */
  pointers: Map<number, { x: number; y: number }>;
  /** A pinch's start: the fingers' distance and the zoom then. */
  pinch: { distance: number; zoom: number } | null;
  /** A drag of a zoomed photo: where it began, and the photo's offset then. */
  drag: { x: number; y: number; pan: { x: number; y: number } } | null;
  lastTap: { at: number; x: number; y: number } | null;
  lastPointerType: string;
}

const distance = (points: { x: number; y: number }[]) => {
  const [a, b] = points;
  return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
};

export interface FullScreenPhotosProps {
  /** Kept mounted while closed, so the modal closes itself and gives focus back to its opener. */
  open: boolean;
  photos: CarPhoto[];
  carName: string;
  index: number;
  /** Shows another photo (the gallery's own index, so the page shows the same photo after closing). */
  onShow: (index: number) => void;
  onClose: () => void;
}

/**
 * A car's photos over the whole screen, in the app's one modal (Escape or `Close` returns focus to
 * what opened it). `Zoom in`, `Zoom out`, a double-click or double tap and a pinch zoom the photo,
 * which a drag then moves; arrow keys, Previous and Next, and a sideways swipe of the whole photo
 * page through them, with the counter saying where one is.
 */
export function FullScreenPhotos({ open, photos, carName, index, onShow, onClose }: FullScreenPhotosProps) {
  const headingId = useId();
  const frame = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const [zoom, setZoom] = useState(1);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const gesture = useRef<Gesture>({ pointers: new Map(), pinch: null, drag: null, lastTap: null, lastPointerType: '' });
  const count = photos.length;
  const photo = photos[index] ?? photos[0];

  const zoomTo = (next: number) => {
    const zoomed = clampZoom(next);
    setZoom(zoomed);
    const box = frame.current?.getBoundingClientRect() ?? { width: 0, height: 0 };
    setPan((now) => clampPan(now, zoomed, box));
  };
  const unzoom = () => {
    setZoom(1);
    setPan({ x: 0, y: 0 });
  };
  const show = (next: number) => {
    unzoom();
    onShow((next + count) % count);
  };
  const closeAll = () => {
    unzoom();
    onClose();
  };
  const swipe = useSwipe((step) => show(index + step));
  if (!photo) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, () => void> = {
      ArrowLeft: () => show(index - 1),
      ArrowRight: () => show(index + 1),
      '+': () => zoomTo(stepZoom(zoom, 1)),
      '=': () => zoomTo(stepZoom(zoom, 1)),
      '-': () => zoomTo(stepZoom(zoom, -1)),
    };
    const move = moves[event.key];
    if (!move || (count < 2 && event.key.startsWith('Arrow'))) return;
    event.preventDefault();
    move();
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const now = gesture.current;
    now.lastPointerType = event.pointerType;
    now.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    try {
      // A drag or pinch that leaves the photo still ends here.
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A pointer the browser no longer knows (it ended already): nothing to hold.
    }
    if (now.pointers.size === 2) {
      // A second finger: a pinch, never a swipe.
      swipe.onPointerCancel();
      now.drag = null;
      now.pinch = { distance: distance([...now.pointers.values()]), zoom };
    } else if (zoom > 1) {
      now.drag = { x: event.clientX, y: event.clientY, pan };
    } else {
      swipe.onPointerDown(event);
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const now = gesture.current;
    if (!now.pointers.has(event.pointerId)) return;
    now.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (now.pinch && now.pointers.size === 2 && now.pinch.distance > 0) {
      zoomTo((now.pinch.zoom * distance([...now.pointers.values()])) / now.pinch.distance);
    } else if (now.drag) {
      const box = frame.current?.getBoundingClientRect() ?? { width: 0, height: 0 };
      setPan(clampPan({ x: now.drag.pan.x + event.clientX - now.drag.x, y: now.drag.pan.y + event.clientY - now.drag.y }, zoom, box));
    }
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const now = gesture.current;
    const start = now.pointers.get(event.pointerId);
    now.pointers.delete(event.pointerId);
    if (now.pointers.size > 0) return;
    const pinched = now.pinch !== null;
    now.pinch = null;
    now.drag = null;
    if (pinched) return;
    if (zoom === 1) swipe.onPointerUp(event);
    // A mouse has its own double-click; a finger's double tap is told here.
    if (event.pointerType === 'mouse' || !start) return;
    const tap = { at: event.timeStamp, x: event.clientX, y: event.clientY };
    const last = now.lastTap;
    if (last && tap.at - last.at < doubleTap.ms && Math.hypot(tap.x - last.x, tap.y - last.y) < doubleTap.px) {
      now.lastTap = null;
      zoomTo(toggleZoom(zoom));
    } else {
      now.lastTap = tap;
    }
  };

  const onPointerCancel = () => {
    const now = gesture.current;
    now.pointers.clear();
    now.pinch = null;
    now.drag = null;
    swipe.onPointerCancel();
  };

  return (
    <Modal open={open} onClose={closeAll} labelledBy={headingId} initialFocus={close} fullScreen>
      <div className="flex h-full flex-col" onKeyDown={onKeyDown}>
        <div className="flex flex-wrap items-center gap-2 p-2">
          <h2 id={headingId} className="min-w-0 flex-1 truncate px-2 font-semibold">
            Photos of {carName}
          </h2>
          <p aria-live="polite" aria-atomic="true" className="px-2 text-sm">
            Photo {index + 1} of {count}
          </p>
          <button type="button" className="btn btn-sm h-11 min-h-11" onClick={() => zoomTo(stepZoom(zoom, -1))} disabled={zoom <= zoomLimits.min}>
            Zoom out
          </button>
          <button type="button" className="btn btn-sm h-11 min-h-11" onClick={() => zoomTo(stepZoom(zoom, 1))} disabled={zoom >= zoomLimits.max}>
            Zoom in
          </button>
          <button ref={close} type="button" className="btn btn-sm h-11 min-h-11" onClick={closeAll}>
            Close
          </button>
        </div>
        <div className="relative min-h-0 flex-1">
          <div
            ref={frame}
            // none: the photo takes every finger's move (pinch, drag, swipe) instead of the page.
            className={`h-full w-full touch-none overflow-hidden select-none ${zoom > 1 ? 'cursor-grab' : 'cursor-zoom-in'}`}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerCancel}
            onDoubleClick={() => {
              if (gesture.current.lastPointerType === 'mouse') zoomTo(toggleZoom(zoom));
            }}
          >
            <img
              src={photo.url}
              srcSet={photo.srcSet || undefined}
              sizes="100vw"
              // Not fetched while the view is closed (a closed dialog is not displayed).
              loading="lazy"
              alt={count > 1 ? `${carName}, photo ${index + 1} of ${count}` : carName}
              draggable={false}
              style={{ transform: `translate(${pan.x}px, ${pan.y}px) scale(${zoom})` }}
              className="h-full w-full object-contain transition-transform duration-100 motion-reduce:transition-none"
            />
          </div>
          {count > 1 ? (
            <>
              <StepButton direction="previous" onClick={() => show(index - 1)} />
              <StepButton direction="next" onClick={() => show(index + 1)} />
            </>
          ) : null}
        </div>
      </div>
    </Modal>
  );
}
