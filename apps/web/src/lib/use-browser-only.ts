import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server draws a page and while the browser hydrates what it drew, true from then
 * on (and at once on a page the browser draws itself): for what only a browser can run, such as the
 * maps, whose library reads the window as it loads.
 */
export function useBrowserOnly(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
