/**
 * The address's query as it stands, for a change made in an event handler. The router draws a
 * change of address in a transition, which a busy phone may not have drawn when the next tap comes:
 * a change built on the last drawn `useSearchParams()` would undo the one before it. Handlers only
 * (the browser's address; the server draws no change).
 */
export const searchParamsNow = () => new URLSearchParams(window.location.search);
