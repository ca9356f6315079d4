import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { SavedSearch } from '@second-gear/contract';
import { errorMessage } from '../../lib/errors.ts';
import { ConfirmDelete } from '../../ui/confirm-dialog.tsx';
import { RowActions, type Column } from '../../ui/data-list.tsx';
import { DeleteButton, useDeleteAction } from '../../ui/delete-action.tsx';
import { ListPage } from '../../ui/list-page.tsx';
import { useDistanceUnit } from '../settings/index.ts';
import { alertsKey, alertsQuery, deleteSavedSearch, editSavedSearch } from './api.ts';
import { filtersInWords } from './filters-in-words.ts';
import { SavedSearchDialog } from './saved-search-dialog.tsx';

/** My Alerts (`/dashboard/alerts`): the person's saved searches, each to run, pause or resume, edit or delete. */
export default function MyAlertsPage() {
  const queryClient = useQueryClient();
  const alerts = useQuery(alertsQuery());
  const unit = useDistanceUnit();
  const [editing, setEditing] = useState<SavedSearch | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: alertsKey });

  const pause = useMutation({
    mutationFn: (search: SavedSearch) => editSavedSearch(search._id, { paused: !search.paused }),
    onSuccess: (search) => {
      toast.success(search.paused ? `“${search.name}” is paused` : `“${search.name}” is on again`);
      return refresh();
    },
    onError: (error) => {
      toast.error(errorMessage(error));
      return refresh();
    },
  });

  const remove = useDeleteAction({
    mutationFn: (search: SavedSearch) => deleteSavedSearch(search._id),
    idOf: (search) => search._id,
    nameOf: (search) => search.name,
    deletedMessage: (search) => `“${search.name}” is deleted`,
    afterDelete: refresh,
    afterError: refresh,
  });

  const columns: Column<SavedSearch>[] = [
    { label: 'Name', kind: 'name', className: '@max-4xl:col-span-2 @max-4xl:col-start-1', cell: (search) => search.name },
    {
      label: 'Filters',
      cell: (search) => {
        const words = filtersInWords(search, unit);
        return words.length ? words.join(' · ') : 'Every car';
      },
    },
    { label: 'How often', cell: (search) => search.frequency },
    { label: 'Status', cell: (search) => (search.paused ? <span className="badge badge-ghost">Paused</span> : <span className="badge badge-success">Active</span>) },
    {
      label: 'Actions',
      kind: 'actions',
      cell: (search) => (
        <RowActions>
          <Link to={`/search?${new URLSearchParams(search.filters).toString()}`} className="btn btn-sm btn-primary">
            Run
          </Link>
          <button
            type="button"
            className="btn btn-sm btn-outline"
            disabled={pause.isPending && pause.variables._id === search._id}
            onClick={() => pause.mutate(search)}
          >
            {search.paused ? 'Resume' : 'Pause'}
          </button>
          <button type="button" className="btn btn-sm btn-outline" onClick={() => setEditing(search)}>
            Edit
          </button>
          <DeleteButton action={remove} item={search}>
            Delete
          </DeleteButton>
        </RowActions>
      ),
    },
  ];

  return (
    <ListPage
      title="My Alerts"
      countTestId="my-alerts-count"
      query={alerts}
      loadingLabel="Loading your alerts"
      intro={
        <p className="-mt-3 mb-6 text-base-content/80">
          Your saved searches. We tell you in the bell and by email of each new car that matches: at once, or in a daily or weekly digest.
        </p>
      }
      emptyMessage="You have no saved searches yet. Search for the car you want, then choose Save this search."
      emptyAction={
        <Link to="/search" className="btn btn-primary">
          Search cars
        </Link>
      }
      columns={columns}
      rowKey={(search) => search._id}
    >
      {editing ? (
        <SavedSearchDialog
          title={`Edit ${editing.name}`}
          initial={{ name: editing.name, frequency: editing.frequency }}
          save={(fields) => editSavedSearch(editing._id, fields)}
          onSaved={(search) => {
            setEditing(null);
            toast.success(`“${search.name}” is saved`);
            void refresh();
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDelete {...remove.dialog} />
    </ListPage>
  );
}
