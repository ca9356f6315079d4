import { useRef, useState } from 'react';
import type { ImageUploadAnswer } from '@second-gear/contract';
import { imageTypes, maxImageBytes } from '@second-gear/contract/constants';
import { ApiError, messageOf } from './api.ts';

// The picture upload that the seller's Add A Product, the admin's Categories screen and Settings' photo share.

/** The `accept` attribute of a picture's file input. */
export const imageAccept = imageTypes.join(',');

/** The client-side check of a chosen picture (the server checks the content again). */
export function imageProblem(file: File): string | undefined {
  if (!(imageTypes as readonly string[]).includes(file.type)) return 'The image must be a JPEG, PNG, WebP or AVIF picture.';
  if (file.size > maxImageBytes) return 'The image must be 10 MB or smaller.';
  return undefined;
}

/** The server's message in a refusal's body, if it is JSON with one. */
function messageIn(text: string): string | undefined {
  try {
    return messageOf(JSON.parse(text));
  } catch {
    return undefined; // not JSON: the caller falls back to the status
  }
}

const uploadFallbacks: Record<number, string> = {
  413: 'The image is larger than 10 MB.',
  415: 'The file is not a JPEG, PNG, WebP or AVIF image.',
};

/**
 * `POST /images` (multipart field `image`), or another upload route of the same shape (`path`), with
 * XMLHttpRequest, so that the upload's progress can be shown (fetch reports no upload progress).
 * Resolves to the stored image's URL.
 */
export function uploadImage(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal, path = '/api/images'): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.setRequestHeader('Accept', 'application/json');
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const status = request.status;
      if (status < 200 || status >= 300) {
        const fallback = uploadFallbacks[status] ?? (request.statusText || `Image upload failed with status ${status}`);
        reject(new ApiError(messageIn(request.responseText) ?? fallback, status));
        return;
      }
      try {
        const answer = JSON.parse(request.responseText) as ImageUploadAnswer;
        if (!answer.success || typeof answer.data.url !== 'string') throw new Error('no url');
        onProgress(1);
        resolve(answer.data.url);
      } catch {
        reject(new ApiError('The server sent an unexpected answer.', status));
      }
    };
    request.onerror = () => reject(new Error('The image could not be uploaded. Check your connection and try again.'));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was cancelled.', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => request.abort(), { once: true });
    }
    const form = new FormData();
    form.append('image', file);
    request.send(form);
  });
}

/**
 * A form's picture upload: `upload(file)` sends the file with its progress (0..1, null while no
 * upload runs) and resolves to its URL. A picture already stored is not sent again when only the
 * form's own save failed (a taken name, a refused field) and the person sends the same file again.
 */
export function usePictureUpload(path?: string): { progress: number | null; upload: (file: File) => Promise<string> } {
  const [progress, setProgress] = useState<number | null>(null);
  const stored = useRef<{ file: File; url: string } | null>(null);
  const upload = async (file: File) => {
    if (stored.current?.file === file) return stored.current.url;
    setProgress(0);
    try {
      const url = await uploadImage(file, setProgress, undefined, path);
      stored.current = { file, url };
      return url;
    } finally {
      setProgress(null);
    }
  };
  return { progress, upload };
}
