import type { ComponentType } from 'react';

/** Code-chunk loading timeout (docs/product.md, "Fixed timings and limits"). */
const chunkTimeout = 120_000;

/** A route `lazy` that loads a page module's default export, failing to the error screen after 120 s. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Loading this page took too long. Check your connection and try again.')), chunkTimeout);
    });
    try {
      const module = await Promise.race([load(), timeout]);
      return { Component: module.default };
    } finally {
      clearTimeout(timer);
    }
  };
}
