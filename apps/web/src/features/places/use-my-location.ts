import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PlaceAnswer } from '@second-gear/contract';
import { ApiError } from '../../lib/api.ts';
import { nearestPlace, placeOfZipQuery } from './api.ts';

/** The Geolocation API's refusal (PERMISSION_DENIED) among its error codes. */
const permissionDenied = 1;

/**
 * Why `Use my location` found no ZIP code, in words, each pointing to the field that always works:
 * the browser's refusal (the person's or the site's settings), a position it could not find, or the
 * server's own sentence (a point far from any US ZIP code).
 */
export function locationProblem(error: unknown): string {
  if (error instanceof ApiError) return `${error.message} Type a ZIP code instead.`;
  const code = error && typeof error === 'object' && 'code' in error ? error.code : undefined;
  if (code === permissionDenied) return 'Location permission was refused: type a ZIP code instead.';
  if (typeof code === 'number') return 'Your location could not be found: type a ZIP code instead.';
  return 'This browser cannot tell its location: type a ZIP code instead.';
}

/** The browser's position, asked once (no watching); a coarse one is enough for a ZIP code. */
function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      reject(new Error('no geolocation'));
      return;
    }
    navigator.geolocation.getCurrentPosition(resolve, reject, { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 });
  });
}

/**
 * `Use my location`: the browser's position, rounded, turned into the nearest ZIP code by our server
 * (never sent anywhere else, nothing kept there); `problem` says in words why not.
 */
export function useMyLocation(onFound: (place: PlaceAnswer) => void) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const locate = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      const { coords } = await currentPosition();
      const place = await nearestPlace({ lat: coords.latitude, lon: coords.longitude });
      // The ZIP code's centre is known now: its distances need not ask again.
      queryClient.setQueryData(placeOfZipQuery(place.zip).queryKey, place);
      onFound(place);
    } catch (error) {
      setProblem(locationProblem(error));
    } finally {
      setBusy(false);
    }
  };
  return { locate, busy, problem, clearProblem: () => setProblem(undefined) };
}
