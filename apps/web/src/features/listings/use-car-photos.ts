import { useEffect, useRef, useState } from 'react';
import { maxCarPhotos } from '@second-gear/contract/constants';
import { errorMessage } from '../../lib/errors.ts';
import { imageProblem, uploadImage } from '../../lib/upload.ts';

/** One of a car's photos (the first is the cover), uploaded or uploading. */
export interface CarPhotoItem {
  /** Tells photos apart while they move (a stored photo's URL, or a number for a chosen file). */
  key: string;
  /** What the thumbnail shows: the stored picture, or the chosen file itself while it uploads. */
  preview: string;
  /** The stored picture's URL, once uploaded: what the form sends. */
  url: string | null;
  /** Upload progress, 0..1. */
  progress: number;
  /** The chosen file's name ('' for a photo stored before). */
  name: string;
}

/** A chosen file that is not among the photos, and why. */
export interface RefusedPhoto {
  key: string;
  name: string;
  message: string;
}

/**
 * A car's photos in gallery order, the first one its cover (the specification's `Image`). Each
 * chosen file uploads at once (`POST /images`) with its own progress; a refused one leaves the list
 * and says why. Uploads still running are cancelled when their photo is removed or the form closes,
 * and the files' previews are released.
 */
export function useCarPhotos(stored: readonly string[]) {
  const [items, setItems] = useState<CarPhotoItem[]>(() =>
    stored.map((url) => ({ key: url, preview: url, url, progress: 1, name: '' })),
  );
  const [refused, setRefused] = useState<RefusedPhoto[]>([]);
  const nextKey = useRef(0);
  const uploads = useRef(new Map<string, AbortController>());
  const previews = useRef(new Map<string, string>());

  useEffect(() => {
    const running = uploads.current;
    const shown = previews.current;
    return () => {
      for (const upload of running.values()) upload.abort();
      for (const preview of shown.values()) URL.revokeObjectURL(preview);
      running.clear();
      shown.clear();
    };
  }, []);

  const newKey = () => `file-${(nextKey.current += 1)}`;
  const update = (key: string, change: Partial<CarPhotoItem>) =>
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  const refuse = (name: string, message: string) => setRefused((list) => [...list, { key: newKey(), name, message }]);

  const release = (key: string) => {
    uploads.current.get(key)?.abort();
    uploads.current.delete(key);
    const preview = previews.current.get(key);
    if (preview) URL.revokeObjectURL(preview);
    previews.current.delete(key);
  };

  /** Starts a file's upload; the photo it makes is returned for the caller to place. */
  const startUpload = (file: File): CarPhotoItem => {
    const key = newKey();
    const preview = URL.createObjectURL(file);
    const controller = new AbortController();
    previews.current.set(key, preview);
    uploads.current.set(key, controller);
    uploadImage(file, (progress) => update(key, { progress }), controller.signal).then(
      (url) => {
        uploads.current.delete(key);
        update(key, { url, progress: 1 });
      },
      (error: unknown) => {
        // A removed photo's upload was cancelled on purpose: nothing to say.
        if (controller.signal.aborted) return;
        release(key);
        setItems((list) => list.filter((item) => item.key !== key));
        refuse(file.name, errorMessage(error, 'The photo could not be uploaded.'));
      },
    );
    return { key, preview, url: null, progress: 0, name: file.name };
  };

  return {
    items,
    refused,
    /** Stored photos' URLs, in order: the cover first (what the form sends as `image`, then `photos`). */
    urls: items.flatMap((item) => (item.url ? [item.url] : [])),
    uploading: items.some((item) => item.url === null),
    left: maxCarPhotos - items.length,

    /** Adds chosen files at the end, as many as there is room for; each one refused says why. */
    add(files: readonly File[]) {
      let room = maxCarPhotos - items.length;
      const added: CarPhotoItem[] = [];
      for (const file of files) {
        const problem = imageProblem(file);
        if (problem) refuse(file.name, problem);
        else if (room <= 0) refuse(file.name, `A car has at most ${maxCarPhotos} photos, the cover included.`);
        else {
          added.push(startUpload(file));
          room -= 1;
        }
      }
      if (added.length > 0) setItems((list) => [...list, ...added]);
    },

    remove(key: string) {
      release(key);
      setItems((list) => list.filter((item) => item.key !== key));
    },

    /** Moves a photo to `index` (clamped to the list). */
    move(key: string, index: number) {
      setItems((list) => {
        const from = list.findIndex((item) => item.key === key);
        const to = Math.max(0, Math.min(index, list.length - 1));
        if (from < 0 || from === to) return list;
        const next = [...list];
        const [moved] = next.splice(from, 1);
        next.splice(to, 0, moved!);
        return next;
      });
    },

    dismiss(key: string) {
      setRefused((list) => list.filter((entry) => entry.key !== key));
    },
  };
}

export type CarPhotos = ReturnType<typeof useCarPhotos>;
