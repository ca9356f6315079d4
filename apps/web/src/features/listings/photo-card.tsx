import type { PointerEvent } from 'react';
import { ArrowLeftIcon, ArrowRightIcon, GripIcon } from '../../ui/icons.tsx';
import { UploadProgress } from '../../ui/upload-progress.tsx';
import type { CarPhotoItem } from './use-car-photos.ts';

/** A thumb's size for the buttons of the photos (WCAG's 44 px). */
export const tapTarget = 'h-11 min-h-11';

export interface PhotoCardProps {
  item: CarPhotoItem;
  /** Its place in the gallery order, from 0. */
  index: number;
  /** How many photos there are: the last one moves no later. */
  count: number;
  /** Whether this photo is being dragged by its handle. */
  dragging: boolean;
  onGripDown: (event: PointerEvent<HTMLElement>, key: string) => void;
  onGripMove: (event: PointerEvent<HTMLElement>, key: string) => void;
  onGripEnd: (key: string) => void;
  onMove: (item: CarPhotoItem, index: number, step: -1 | 1) => void;
  onMakeCover: (item: CarPhotoItem, index: number) => void;
  onRemove: (index: number) => void;
}

/**
 * One of a car's photos: its thumbnail with its place and drag handle (and its upload's progress
 * until it is stored), the Move buttons for the keyboard, Make cover (on all but the cover, which
 * says it is) and Remove.
 */
export function PhotoCard({ item, index, count, dragging, onGripDown, onGripMove, onGripEnd, onMove, onMakeCover, onRemove }: PhotoCardProps) {
  const number = index + 1;
  const uploading = item.url === null;
  const cover = index === 0;
  return (
    <li
      data-photo-key={item.key}
      data-photo-index={index}
      aria-label={`Photo ${number}`}
      className={`flex min-w-0 flex-col gap-2 rounded-box border bg-base-100 p-2 ${dragging ? 'border-primary ring-2 ring-primary' : 'border-base-200'}`}
    >
      <div className="relative aspect-[4/3] overflow-hidden rounded bg-base-200">
        <img src={item.preview} alt={cover ? 'The cover photo' : `Photo ${number}`} width={240} height={180} className="h-full w-full object-cover" />
        <span className="badge badge-neutral absolute top-1 left-1" aria-hidden="true">
          {number}
        </span>
        {cover && !uploading ? (
          <span className="badge badge-primary absolute bottom-1 left-1" aria-hidden="true">
            Cover
          </span>
        ) : null}
        <span
          aria-hidden="true"
          title="Drag to move"
          data-drag-handle=""
          className="absolute top-1 right-1 flex h-11 w-11 cursor-grab touch-none items-center justify-center rounded bg-base-100/90 active:cursor-grabbing"
          onPointerDown={(event) => onGripDown(event, item.key)}
          onPointerMove={(event) => onGripMove(event, item.key)}
          onPointerUp={() => onGripEnd(item.key)}
          onPointerCancel={() => onGripEnd(item.key)}
        >
          <GripIcon />
        </span>
        {uploading ? (
          <div className="absolute inset-x-0 bottom-0 bg-base-100/90 p-1">
            <UploadProgress progress={item.progress} label={`Uploading ${item.name}`} />
          </div>
        ) : null}
      </div>
      <div className="grid grid-cols-2 gap-2">
        <button
          type="button"
          data-move="earlier"
          className={`btn btn-outline btn-sm ${tapTarget}`}
          aria-label={`Move photo ${number} earlier`}
          title="Move earlier"
          disabled={index === 0}
          onClick={() => onMove(item, index, -1)}
        >
          <ArrowLeftIcon />
        </button>
        <button
          type="button"
          data-move="later"
          className={`btn btn-outline btn-sm ${tapTarget}`}
          aria-label={`Move photo ${number} later`}
          title="Move later"
          disabled={index === count - 1}
          onClick={() => onMove(item, index, 1)}
        >
          <ArrowRightIcon />
        </button>
      </div>
      {/* The cover's place keeps the button's height, so the cards of a row stay level. */}
      {cover ? (
        <p className={`flex items-center justify-center text-sm font-medium ${tapTarget}`}>The cover (Image)</p>
      ) : (
        <button type="button" className={`btn btn-outline btn-sm ${tapTarget}`} onClick={() => onMakeCover(item, index)}>
          Make cover
        </button>
      )}
      <button type="button" data-remove="" className={`btn btn-ghost btn-sm text-red-700 ${tapTarget}`} onClick={() => onRemove(index)}>
        Remove
      </button>
    </li>
  );
}
