import { useEffect, useId, useRef, useState, type ChangeEvent, type PointerEvent } from 'react';
import { maxCarPhotos } from '@second-gear/contract/constants';
import { FileField } from '../../ui/form-field.tsx';
import { imageAccept } from '../../lib/upload.ts';
import { PhotoCard, tapTarget } from './photo-card.tsx';
import type { CarPhotoItem, CarPhotos } from './use-car-photos.ts';

export interface PhotoManagerProps {
  photos: CarPhotos;
  /** The specification's `Image is Required`, once a submit found no photo (the input is named `image` for the form to focus). */
  error?: string | undefined;
}

type Direction = 'earlier' | 'later';

function leftText(left: number): string {
  if (left <= 0) return `No more photos fit: a car has at most ${maxCarPhotos}, the cover included.`;
  return `The first photo is the cover. ${left} of ${maxCarPhotos} left. JPEG, PNG, WebP or AVIF, up to 10 MB each.`;
}

/**
 * A car's one photo control: the specification's `Image` input adds files, which upload at once, each
 * with its progress; thumbnails in gallery order, the first one the cover (the required `Image`),
 * moved by dragging their handle (mouse or touch) or with the Move buttons (keyboard); any can be
 * removed or made the cover (moved first).
 */
export function PhotoManager({ photos, error }: PhotoManagerProps) {
  const headingId = useId();
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLInputElement>(null);
  // React moves a moved photo's element, which can drop its focus, and a removed photo's buttons are
  // gone: once the list has changed, focus goes to the button that continues the seller's work.
  const focusNext = useRef<{ key: string | undefined; buttons: string[] } | null>(null);

  useEffect(() => {
    const pending = focusNext.current;
    focusNext.current = null;
    if (!pending) return;
    const card = pending.key ? listRef.current?.querySelector(`[data-photo-key="${CSS.escape(pending.key)}"]`) : null;
    const button = pending.buttons.map((selector) => card?.querySelector<HTMLButtonElement>(`${selector}:not(:disabled)`)).find(Boolean);
    (button ?? addRef.current)?.focus();
  }, [photos.items]);

  const { items } = photos;

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    photos.add(Array.from(event.target.files ?? []));
    // The same file may be chosen again (after a refusal, say).
    event.target.value = '';
  };

  const moveBy = (item: CarPhotoItem, index: number, step: -1 | 1) => {
    const direction: Direction = step < 0 ? 'earlier' : 'later';
    focusNext.current = { key: item.key, buttons: [`[data-move="${direction}"]`, '[data-move]'] };
    photos.move(item.key, index + step);
    setAnnouncement(`Photo moved to place ${index + step + 1} of ${items.length}.`);
  };

  const makeCover = (item: CarPhotoItem, index: number) => {
    focusNext.current = { key: item.key, buttons: ['[data-move="later"]', '[data-remove]'] };
    photos.move(item.key, 0);
    setAnnouncement(`Photo ${index + 1} is now the cover.`);
  };

  const remove = (index: number) => {
    focusNext.current = { key: (items[index + 1] ?? items[index - 1])?.key, buttons: ['[data-remove]'] };
    photos.remove(items[index]!.key);
  };

  // Dragging: the handle keeps the pointer (capture), and the photo under the pointer gives way.
  const onGripDown = (event: PointerEvent<HTMLElement>, key: string) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragging(key);
  };
  const onGripMove = (event: PointerEvent<HTMLElement>, key: string) => {
    if (dragging !== key) return;
    const over = document.elementFromPoint(event.clientX, event.clientY)?.closest<HTMLElement>('[data-photo-index]');
    if (over && listRef.current?.contains(over)) photos.move(key, Number(over.dataset.photoIndex));
  };
  const onGripEnd = (key: string) => {
    if (dragging !== key) return;
    setDragging(null);
    const place = items.findIndex((item) => item.key === key) + 1;
    setAnnouncement(`Photo moved to place ${place} of ${items.length}.`);
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 md:col-span-2">
      <h2 id={headingId} className="text-xl font-semibold">
        Photos
      </h2>
      <FileField
        ref={addRef}
        label="Image"
        name="image"
        multiple
        accept={imageAccept}
        hint={leftText(photos.left)}
        error={error}
        onChange={onFiles}
      />

      <div role="alert" className="empty:hidden">
        {photos.refused.length > 0 ? (
          <ul className="flex flex-col gap-2">
            {photos.refused.map((entry) => (
              <li key={entry.key} className="flex items-center gap-3 rounded-box border border-red-200 bg-red-50 p-3 text-sm text-red-800">
                <span id={`refused-${entry.key}`} className="min-w-0 flex-1 break-words">
                  {entry.name}: {entry.message}
                </span>
                <button
                  type="button"
                  className={`btn btn-sm btn-ghost ${tapTarget}`}
                  aria-describedby={`refused-${entry.key}`}
                  onClick={() => photos.dismiss(entry.key)}
                >
                  Dismiss
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      {items.length > 0 ? (
        <ol ref={listRef} aria-labelledby={headingId} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {items.map((item, index) => (
            <PhotoCard
              key={item.key}
              item={item}
              index={index}
              count={items.length}
              dragging={dragging === item.key}
              onGripDown={onGripDown}
              onGripMove={onGripMove}
              onGripEnd={onGripEnd}
              onMove={moveBy}
              onMakeCover={makeCover}
              onRemove={remove}
            />
          ))}
        </ol>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
