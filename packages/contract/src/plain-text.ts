/* eslint-disable no-control-regex -- matching control characters is what this file is for */
// People's text ends up where a line break or a control character is structure, not text: a bare
// carriage return starts a new property in a calendar file (`LOCATION:Main St\rURL:…`) and a new
// header in an email's head. The schemas refuse such characters in one-line fields; the writers of
// calendars, email headers and notifications pass everything through plainText as well, which holds
// for text stored before the schemas refused it.

/** Control characters: C0 (tab, line feed, carriage return…), DEL, C1, and Unicode's line and paragraph separators. */
export const controlCharacter = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

const lineBreak = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/g;
/** The control characters that are neither a line break nor a tab. */
const otherControl = /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f]/g;

/**
 * `text` without control characters. As one `'line'` (a subject, a calendar property) its line breaks
 * and tabs become spaces; as `'lines'` (a notification's body) each line break becomes a line feed
 * and tabs stay. Every other control character is dropped.
 */
export function plainText(text: string, shape: 'line' | 'lines' = 'line'): string {
  const broken = text.replace(lineBreak, shape === 'lines' ? '\n' : ' ');
  return (shape === 'line' ? broken.replace(/\t/g, ' ') : broken).replace(otherControl, '');
}
