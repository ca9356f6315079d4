import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { UserSummary } from '@second-gear/contract';
import { Avatar } from '../../ui/avatar.tsx';
import { ConfirmDelete } from '../../ui/confirm-dialog.tsx';
import { errorMessage } from '../../ui/errors.ts';
import { formatDate } from '../../ui/format.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { advertisedProductsQuery, categoryKey } from '../catalog/api.ts';
import { deleteUser, usersQuery, verifySeller } from './api.ts';
import { CountBadge, SkeletonRows } from './table-parts.tsx';

export interface UsersPageProps {
  /** Sellers get the Verification column and Make Verified. */
  kind: 'seller' | 'buyer';
}

const texts = {
  seller: { title: 'All Sellers', empty: 'No sellers have signed up yet.', loading: 'Loading sellers' },
  buyer: { title: 'All Buyers', empty: 'No buyers have signed up yet.', loading: 'Loading buyers' },
} as const;

/** All Sellers / All Buyers (specification section 2): a table of people with Delete (and Make Verified for sellers). */
export function UsersPage({ kind }: UsersPageProps) {
  const sellers = kind === 'seller';
  const text = texts[kind];
  const queryClient = useQueryClient();
  const users = useQuery(usersQuery(kind));
  const [toDelete, setToDelete] = useState<UserSummary | null>(null);

  // A seller's verification shows on every card of theirs, and a deleted seller's unsold cars are gone.
  const refresh = () =>
    Promise.all([
      users.refetch(),
      sellers ? queryClient.invalidateQueries({ queryKey: categoryKey }) : null,
      sellers ? queryClient.invalidateQueries({ queryKey: advertisedProductsQuery.queryKey }) : null,
    ]);

  const verify = useMutation({
    mutationFn: verifySeller,
    onSuccess: async (result, user) => {
      if (result.modifiedCount > 0) toast.success(`${user.name} verified successfully!!`);
      await refresh();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const remove = useMutation({
    mutationFn: deleteUser,
    onSuccess: async (result) => {
      setToDelete(null);
      if (result.deletedCount > 0) toast.success('User Deleted Successfully');
      await refresh();
    },
    onError: (error) => {
      setToDelete(null);
      toast.error(errorMessage(error));
    },
  });

  if (users.isError && !users.data) throw users.error;

  const list = users.data;

  return (
    <section className="mx-auto max-w-6xl" aria-labelledby="users-heading" aria-busy={users.isPending || undefined}>
      <title>{`${text.title} · Second Gear`}</title>
      <h1 id="users-heading" className="mb-6 flex items-center gap-3 text-3xl font-bold">
        {text.title}
        <CountBadge count={list?.length} testId={sellers ? 'sellers-count' : 'buyers-count'} />
      </h1>

      {list && list.length === 0 ? (
        <p className="rounded-box bg-base-200 p-6 text-base-content/80">{text.empty}</p>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-200 bg-base-100">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">
                  <span className="sr-only">Photo</span>
                </th>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                {sellers ? <th scope="col">Verification</th> : <th scope="col">Joined</th>}
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list ? (
                list.map((user) => {
                  const verified = user.verification === 'verified';
                  const verifying = verify.isPending && verify.variables._id === user._id;
                  const deleting = remove.isPending && remove.variables._id === user._id;
                  return (
                    <tr key={user._id}>
                      <td className="w-14">
                        <Avatar name={user.name} photo={user.photo} />
                      </td>
                      <th scope="row" className="font-semibold">
                        {user.name}
                      </th>
                      <td className="[overflow-wrap:anywhere]">{user.email}</td>
                      {sellers ? (
                        <td>
                          {verified ? (
                            <span className="badge badge-success badge-soft whitespace-nowrap">Verified</span>
                          ) : (
                            <span className="badge badge-ghost whitespace-nowrap">Not verified</span>
                          )}
                        </td>
                      ) : (
                        <td className="whitespace-nowrap">
                          <time dateTime={user.joinedAt}>{formatDate(user.joinedAt)}</time>
                        </td>
                      )}
                      <td>
                        <div className="flex flex-nowrap justify-end gap-2">
                          {sellers ? (
                            <button
                              type="button"
                              className="btn btn-sm btn-primary"
                              disabled={verified || verifying}
                              title={verified ? `${user.name} is already verified` : undefined}
                              onClick={() => verify.mutate(user)}
                            >
                              {verifying ? <Spinner size="loading-xs" label="" /> : null}
                              Make Verified
                            </button>
                          ) : null}
                          <button
                            type="button"
                            className="btn btn-sm btn-error btn-outline"
                            disabled={deleting}
                            onClick={() => setToDelete(user)}
                          >
                            Delete
                          </button>
                        </div>
                      </td>
                    </tr>
                  );
                })
              ) : (
                <SkeletonRows columns={5} label={text.loading} />
              )}
            </tbody>
          </table>
        </div>
      )}

      <ConfirmDelete
        open={toDelete !== null}
        itemName={toDelete?.name ?? ''}
        busy={remove.isPending}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete);
        }}
        onClose={() => {
          if (!remove.isPending) setToDelete(null);
        }}
      />
    </section>
  );
}
