import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { UserSummary } from '@second-gear/contract';
import { Avatar } from '../../ui/avatar.tsx';
import { ConfirmDelete } from '../../ui/confirm-dialog.tsx';
import { RowActions, type Column } from '../../ui/data-list.tsx';
import { DeleteButton, useDeleteAction } from '../../ui/delete-action.tsx';
import { ListPage } from '../../ui/list-page.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatDate } from '../../lib/format.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { refreshCarLists } from '../catalog/index.ts';
import { deleteUser, usersQuery, verifySeller } from './api.ts';

export interface UsersPageProps {
  /** Sellers get the Verification column and Make Verified. */
  kind: UserSummary['role'];
}

const texts = {
  seller: { title: 'All Sellers', empty: 'No sellers have signed up yet.', loading: 'Loading sellers' },
  buyer: { title: 'All Buyers', empty: 'No buyers have signed up yet.', loading: 'Loading buyers' },
} as const;

/** All Sellers / All Buyers (docs/product.md, "People and roles"): a table of people with Delete (and Make Verified for sellers). */
export function UsersPage({ kind }: UsersPageProps) {
  const sellers = kind === 'seller';
  const text = texts[kind];
  const queryClient = useQueryClient();
  const users = useQuery(usersQuery(kind));

  // A seller's verification shows on every card of theirs, and a deleted seller's unsold cars are gone.
  const refresh = () => Promise.all([users.refetch(), sellers ? refreshCarLists(queryClient) : null]);

  const verify = useMutation({
    mutationFn: verifySeller,
    onSuccess: async (result, user) => {
      if (result.modifiedCount > 0) toast.success(`${user.name} verified successfully!!`);
      await refresh();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

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
        const verifying = verify.isPending && verify.variables._id === user._id;
        return (
          <RowActions>
            {sellers ? (
              <button
                type="button"
                className="btn btn-sm btn-primary"
                disabled={verified || verifying}
                aria-describedby={verified ? `verification-${user._id}` : undefined}
                title={verified ? `${user.name} is already verified` : undefined}
                onClick={() => verify.mutate(user)}
              >
                {verifying ? <Spinner size="loading-xs" label="" /> : null}
                Make Verified
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
    </ListPage>
  );
}
