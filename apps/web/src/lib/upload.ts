import type { ImageUploadAnswer } from '@second-gear/contract';
import { imageTypes, maxImageBytes } from '@second-gear/contract/constants';
import { ApiError } from './api.ts';

// The picture upload that the seller's Add A Product and the admin's Categories screen share.

/** The `accept` attribute of a picture's file input. */
export const imageAccept = imageTypes.join(',');

/** The client-side check of a chosen picture (the server checks the content again). */
export function imageProblem(file: File): string | undefined {
  if (!(imageTypes as readonly string[]).includes(file.type)) return 'The image must be a JPEG, PNG, WebP or AVIF picture.';
  if (file.size > maxImageBytes) return 'The image must be 10 MB or smaller.';
  return undefined;
}

function messageOf(text: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // Not JSON: fall back to the status.
  }
  return undefined;
}

const uploadFallbacks: Record<number, string> = {
  413: 'The image is larger than 10 MB.',
  415: 'The file is not a JPEG, PNG, WebP or AVIF image.',
};

/**
 * `POST /images` (multipart field `image`) with XMLHttpRequest, so that the upload's progress can be shown
 * (fetch reports no upload progress). Resolves to the stored image's URL.
 */
export function uploadImage(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/images');
    request.setRequestHeader('Accept', 'application/json');
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const status = request.status;
      if (status < 200 || status >= 300) {
        const fallback = uploadFallbacks[status] ?? (request.statusText || `Image upload failed with status ${status}`);
        reject(new ApiError(messageOf(request.responseText) ?? fallback, status));
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
