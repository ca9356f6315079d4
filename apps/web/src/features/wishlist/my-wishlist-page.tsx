import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { WishlistItem } from '@second-gear/contract';
import { ConfirmDelete } from '../../ui/confirm-dialog.tsx';
import { errorMessage } from '../../ui/errors.ts';
import { formatPrice } from '../../ui/format.ts';
import { PageSpinner } from '../../ui/spinner.tsx';
import { useAuth } from '../auth/auth-context.ts';
import { PayAction, RowImage } from '../bookings/pay-action.tsx';
import { removeFromWishlist, wishlistKey, wishlistQuery } from './api.ts';

export default function MyWishlistPage() {
  const { user } = useAuth();
  const email = user?.email ?? '';
  const queryClient = useQueryClient();
  const wishlist = useQuery({ ...wishlistQuery(email), enabled: email !== '' });
  const [toRemove, setToRemove] = useState<WishlistItem | null>(null);

  const remove = useMutation({
    mutationFn: (item: WishlistItem) => removeFromWishlist(item._id),
    onSuccess: async (result, item) => {
      setToRemove(null);
      if (result.deletedCount > 0) toast.success(`${item.productName} is Removed from your Wishlist`);
      await queryClient.invalidateQueries({ queryKey: wishlistKey });
    },
    onError: (error) => {
      setToRemove(null);
      toast.error(errorMessage(error));
    },
  });

  if (wishlist.isError && !wishlist.data) throw wishlist.error;
  if (wishlist.isPending) return <PageSpinner label="Loading your wishlist" />;

  const list = wishlist.data;

  return (
    <section className="mx-auto max-w-6xl">
      <title>My Wishlist · Second Gear</title>
      <h1 className="mb-6 flex items-center gap-3 text-3xl font-bold">
        My Wishlist{' '}
        <span className="badge badge-primary badge-lg" data-testid="my-wishlist-count">
          {list.length}
        </span>
      </h1>

      {list.length === 0 ? (
        <div className="rounded-box bg-base-200 p-6">
          <p className="mb-4 text-base-content/80">Your wishlist is empty.</p>
          <Link to="/" className="btn btn-primary">
            Browse cars
          </Link>
        </div>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-200 bg-base-100">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">
                  <span className="sr-only">Image</span>
                </th>
                <th scope="col">Name</th>
                <th scope="col">Price</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((item) => {
                const removing = remove.isPending && remove.variables._id === item._id;
                return (
                  <tr key={item._id}>
                    <td>
                      <RowImage src={item.image} />
                    </td>
                    <th scope="row" className="font-semibold">
                      {item.productName}
                    </th>
                    <td>{formatPrice(item.resalePrice)}</td>
                    <td>
                      <div className="flex flex-nowrap justify-end gap-2">
                        <PayAction
                          paid={item.paid}
                          listingStatus={item.listingStatus}
                          payTo={`/dashboard/wishlistpayment/${item._id}`}
                          productName={item.productName}
                        />
                        {item.paid ? null : (
                          <button
                            type="button"
                            className="btn btn-sm btn-error btn-outline"
                            disabled={removing}
                            onClick={() => setToRemove(item)}
                          >
                            Remove
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      <ConfirmDelete
        open={toRemove !== null}
        itemName={toRemove?.productName ?? ''}
        busy={remove.isPending}
        onConfirm={() => {
          if (toRemove) remove.mutate(toRemove);
        }}
        onClose={() => {
          if (!remove.isPending) setToRemove(null);
        }}
      />
    </section>
  );
}
