import { isbot } from 'isbot';

/**
 * Whether a request's user agent is not a person's browser: a crawler, a link previewer, a monitor,
 * a script. `isbot` (decision 045) keeps one maintained pattern of some 1,000 known agents and
 * generic words (bot, crawler, spider, preview, curl, python-requests, headless…), the list most
 * analytics in Node use; a pattern of our own would age. A request without a user agent is no
 * browser's either: every browser sends one.
 */
export function isCrawler(userAgent: string | undefined): boolean {
  return !userAgent?.trim() || isbot(userAgent);
}
