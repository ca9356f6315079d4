import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserSummary } from '@second-gear/contract';
import { Avatar } from '../../ui/avatar.tsx';
import { ConfirmDelete } from '../../ui/confirm-dialog.tsx';
import { RowActions, type Column } from '../../ui/data-list.tsx';
import { DeleteButton, useDeleteAction } from '../../ui/delete-action.tsx';
import { ListPage } from '../../ui/list-page.tsx';
import { formatDate } from '../../lib/format.ts';
import { refreshCarLists } from '../catalog/index.ts';
import { deleteUser, usersQuery } from './api.ts';
import { VerificationPanel } from './verification-panel.tsx';

export interface UsersPageProps {
  /** Sellers get the Verification column and Make Verified. */
  kind: UserSummary['role'];
}

const texts = {
  seller: { title: 'All Sellers', empty: 'No sellers have signed up yet.', loading: 'Loading sellers' },
  buyer: { title: 'All Buyers', empty: 'No buyers have signed up yet.', loading: 'Loading buyers' },
} as const;

/**
 * All Sellers / All Buyers (docs/product.md, "People and roles"): a table of people with Delete; sellers
 * also have Make Verified (or Remove verification), which opens the evidence panel.
 */
export function UsersPage({ kind }: UsersPageProps) {
  const sellers = kind === 'seller';
  const text = texts[kind];
  const queryClient = useQueryClient();
  const users = useQuery(usersQuery(kind));

  // A seller's verification shows on every card of theirs, and a deleted seller's unsold cars are gone.
  const refresh = () => Promise.all([users.refetch(), sellers ? refreshCarLists(queryClient) : null]);

  /** The seller whose evidence panel is open (to verify them, or to remove their verification). */
  const [deciding, setDeciding] = useState<UserSummary | null>(null);

  const remove = useDeleteAction({
    mutationFn: deleteUser,
    idOf: (user) => user._id,
    nameOf: (user) => user.name,
    deletedMessage: () => 'User Deleted Successfully',
    afterDelete: refresh,
  });

  const columns: Column<UserSummary>[] = [
    { label: 'Photo', kind: 'picture', className: 'w-14', cell: (user) => <Avatar name={user.name} photo={user.photo} /> },
    { label: 'Name', kind: 'name', cell: (user) => user.name },
    { label: 'Email', className: '[overflow-wrap:anywhere]', cell: (user) => user.email },
    sellers
      ? {
          label: 'Verification',
          cell: (user) =>
            user.verification === 'verified' ? (
              <span id={`verification-${user._id}`} className="badge badge-success badge-soft whitespace-nowrap">
                Verified
              </span>
            ) : (
              <span className="badge badge-ghost whitespace-nowrap">Not verified</span>
            ),
        }
      : {
          label: 'Joined',
          className: 'whitespace-nowrap',
          cell: (user) => <time dateTime={user.joinedAt}>{formatDate(user.joinedAt)}</time>,
        },
    {
      label: 'Actions',
      kind: 'actions',
      cell: (user) => {
        const verified = user.verification === 'verified';
        return (
          <RowActions>
            {sellers ? (
              <button
                type="button"
                className="btn btn-sm btn-primary"
                disabled={verified}
                aria-describedby={verified ? `verification-${user._id}` : undefined}
                title={verified ? `${user.name} is already verified` : undefined}
                onClick={() => setDeciding(user)}
              >
                Make Verified
              </button>
            ) : null}
            {sellers && verified ? (
              <button type="button" className="btn btn-sm btn-outline" onClick={() => setDeciding(user)}>
                Remove verification
              </button>
            ) : null}
            <DeleteButton action={remove} item={user}>
              Delete
            </DeleteButton>
          </RowActions>
        );
      },
    },
  ];

  return (
    <ListPage
      title={text.title}
      countTestId={sellers ? 'sellers-count' : 'buyers-count'}
      query={users}
      loadsInPlace
      loadingLabel={text.loading}
      emptyMessage={text.empty}
      columns={columns}
      rowKey={(user) => user._id}
    >
      <ConfirmDelete {...remove.dialog} />
      {deciding ? <VerificationPanel key={deciding._id} seller={deciding} onDone={refresh} onClose={() => setDeciding(null)} /> : null}
    </ListPage>
  );
}
