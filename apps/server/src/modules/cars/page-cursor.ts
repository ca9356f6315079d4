import { badCursor } from '../../errors.ts';

// Where a page of cars newest first ends (a category's, a seller's): the last car's posting time, as
// PostgreSQL wrote it (microseconds kept), and its id, so the next page starts right after it.

export interface PageCursor {
  postingTime: string;
  id: string;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const encodeCursor = (c: PageCursor) => Buffer.from(JSON.stringify([c.postingTime, c.id])).toString('base64url');

/** The cursor encodeCursor wrote, or a 400 for anything else. */
export function decodeCursor(raw: string): PageCursor {
  try {
    const [postingTime, id] = JSON.parse(Buffer.from(raw, 'base64url').toString()) as unknown[];
    if (typeof postingTime === 'string' && !Number.isNaN(Date.parse(postingTime)) && typeof id === 'string' && uuidPattern.test(id)) {
      return { postingTime, id };
    }
  } catch {
    // fall through
  }
  throw badCursor();
}
