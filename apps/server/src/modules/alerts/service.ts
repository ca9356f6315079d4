import type { Pool } from 'pg';
import { savedSearchLimits, type AlertFrequency, type DeleteResult, type SavedSearch, type SavedSearchEdit, type SavedSearchInput } from '@second-gear/contract';
import type { Actor } from '../../auth/actor.ts';
import { assertConfirmedEmail } from '../../auth/guards.ts';
import { inTransaction } from '../../db/pool.ts';
import { AppError } from '../../errors.ts';

interface SavedSearchRow {
  id: string;
  name: string;
  frequency: AlertFrequency;
  paused: boolean;
  filters: Record<string, string>;
  make_name: string | null;
  created_at: Date;
}

// The make is named by the search's `make` filter; a text that is not an id names none.
const SAVED_SEARCH_SELECT = `
  select s.id, s.name, s.frequency, s.paused, s.filters, c.name as make_name, s.created_at
    from saved_searches s
    left join categories c on c.id::text = s.filters->>'make'`;

const toSavedSearch = (r: SavedSearchRow): SavedSearch => ({
  _id: r.id,
  name: r.name,
  frequency: r.frequency,
  paused: r.paused,
  filters: r.filters,
  makeName: r.make_name,
  createdAt: r.created_at.toISOString(),
});

const notFound = () => new AppError('NOT_FOUND', 'This saved search does not exist (deleted?).');

async function savedSearchOf(pool: Pool, actor: Actor, id: string): Promise<SavedSearch> {
  const { rows } = await pool.query<SavedSearchRow>(`${SAVED_SEARCH_SELECT} where s.id = $1 and s.user_id = $2`, [id, actor.id]);
  if (!rows[0]) throw notFound();
  return toSavedSearch(rows[0]);
}

/** The caller's saved searches, oldest first (the order they were saved in). */
export async function listSavedSearches(pool: Pool, actor: Actor): Promise<SavedSearch[]> {
  const { rows } = await pool.query<SavedSearchRow>(`${SAVED_SEARCH_SELECT} where s.user_id = $1 order by s.created_at, s.id`, [actor.id]);
  return rows.map(toSavedSearch);
}

/**
 * Saves a search for the caller, up to savedSearchLimits.perPerson of them. The filters arrive as
 * the contract parsed them: the search's query string, each filter checked by the search's schema.
 */
export async function createSavedSearch(pool: Pool, actor: Actor, input: SavedSearchInput): Promise<SavedSearch> {
  assertConfirmedEmail(actor, 'save searches');
  const id = await inTransaction(pool, async (client) => {
    // The person's row, locked, makes two saves at once count one after the other.
    await client.query('select 1 from users where id = $1 for update', [actor.id]);
    const { rows: counted } = await client.query<{ n: number }>('select count(*)::int as n from saved_searches where user_id = $1', [actor.id]);
    if (counted[0]!.n >= savedSearchLimits.perPerson) {
      throw new AppError('CONFLICT', `You have ${savedSearchLimits.perPerson} saved searches, the most one person can keep. Delete one in My Alerts to save this one.`);
    }
    const { rows } = await client.query<{ id: string }>(
      'insert into saved_searches (user_id, name, frequency, filters) values ($1, $2, $3, $4) returning id',
      [actor.id, input.name, input.frequency, JSON.stringify(input.filters)],
    );
    return rows[0]!.id;
  });
  return savedSearchOf(pool, actor, id);
}

/**
 * Renames a saved search, changes how often it tells, pauses or resumes it. A resumed search
 * watches from now on: the cars listed while it was paused are not told afterwards.
 */
export async function editSavedSearch(pool: Pool, actor: Actor, id: string, edit: SavedSearchEdit): Promise<SavedSearch> {
  const { rowCount } = await pool.query(
    `update saved_searches set
       name = coalesce($3, name),
       frequency = coalesce($4, frequency),
       paused = coalesce($5, paused),
       watch_from = case when paused and $5 = false then now() else watch_from end
     where id = $1 and user_id = $2`,
    [id, actor.id, edit.name ?? null, edit.frequency ?? null, edit.paused ?? null],
  );
  if (!rowCount) throw notFound();
  return savedSearchOf(pool, actor, id);
}

/** Deletes a saved search with the matches it found. */
export async function deleteSavedSearch(pool: Pool, actor: Actor, id: string): Promise<DeleteResult> {
  const { rowCount } = await pool.query('delete from saved_searches where id = $1 and user_id = $2', [id, actor.id]);
  if (!rowCount) throw notFound();
  return { acknowledged: true, deletedCount: 1 };
}
