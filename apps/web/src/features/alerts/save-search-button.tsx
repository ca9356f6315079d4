import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ConfirmEmailNotice, useAskToSignIn, useAuth, useNextAction, useUnconfirmedEmail } from '../auth/index.ts';
import { alertsKey, saveSearch } from './api.ts';
import { SavedSearchDialog } from './saved-search-dialog.tsx';

/**
 * `Save this search` on the search page (a visitor is asked to sign in first, and comes back with the
 * dialog open): the filters shown (the search's query string, page fields
 * left out) saved with a name and how often, then a line saying so with the way to My Alerts. The
 * line stays until the filters change. Until the person's email is confirmed, the button says why
 * it cannot be saved yet, with a new link.
 */
export function SaveSearchButton({ filters }: { filters: Record<string, string> }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const key = new URLSearchParams(filters).toString();
  const [saved, setSaved] = useState<{ key: string; name: string } | null>(null);
  const unconfirmed = useUnconfirmedEmail();
  const { user, ready } = useAuth();
  const { ask, dialog } = useAskToSignIn();
  const { action, done } = useNextAction();
  // Pressed as a visitor, then signed in: the dialog opens once they are back on the search.
  const saveNow = ready && user !== null && action === 'save';
  const [opened, setOpened] = useState(false);
  if (saveNow && !opened) {
    setOpened(true);
    setOpen(true);
  }
  useEffect(() => {
    if (saveNow) done();
  }, [saveNow, done]);

  return (
    <div className="flex min-h-11 flex-wrap items-center gap-x-3 gap-y-1">
      <button type="button" className="btn btn-outline btn-primary h-11" onClick={() => (user ? setOpen(true) : ask('save'))}>
        Save this search
      </button>
      {dialog}
      <p role="status" className="text-sm">
        {saved?.key === key ? (
          <>
            Saved “{saved.name}”.{' '}
            <Link to="/dashboard/alerts" className="link link-primary">
              See it in My Alerts
            </Link>
          </>
        ) : null}
      </p>
      {open && unconfirmed ? (
        <div className="w-full">
          <ConfirmEmailNotice email={unconfirmed} toDo="save searches" />
        </div>
      ) : open ? (
        <SavedSearchDialog
          title="Save this search"
          initial={{ name: '', frequency: 'Instantly' }}
          save={(fields) => saveSearch({ ...fields, filters })}
          onSaved={(search) => {
            setOpen(false);
            setSaved({ key, name: search.name });
            void queryClient.invalidateQueries({ queryKey: alertsKey });
          }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}
