import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { WishlistItem } from '@second-gear/contract';
import { ConfirmDelete } from '../../ui/confirm-dialog.tsx';
import { DataTable, EmptyState, HeadingWithCount, RowImage } from '../../ui/data-table.tsx';
import { DeleteButton, useDeleteAction } from '../../ui/delete-action.tsx';
import { formatPrice } from '../../lib/format.ts';
import { PageSpinner } from '../../ui/spinner.tsx';
import { useAuth } from '../auth/index.ts';
import { PayAction } from '../bookings/index.ts';
import { removeFromWishlist, wishlistKey, wishlistQuery } from './api.ts';

const columns = [{ label: 'Image', hidden: true }, { label: 'Name' }, { label: 'Price' }, { label: 'Actions', hidden: true }];

export default function MyWishlistPage() {
  const { user } = useAuth();
  const email = user?.email ?? '';
  const queryClient = useQueryClient();
  const wishlist = useQuery({ ...wishlistQuery(email), enabled: email !== '' });

  const remove = useDeleteAction({
    mutationFn: (item: WishlistItem) => removeFromWishlist(item._id),
    idOf: (item) => item._id,
    nameOf: (item) => item.productName,
    deletedMessage: (item) => `${item.productName} is Removed from your Wishlist`,
    afterDelete: () => queryClient.invalidateQueries({ queryKey: wishlistKey }),
  });

  if (wishlist.isError && !wishlist.data) throw wishlist.error;
  if (wishlist.isPending) return <PageSpinner label="Loading your wishlist" />;

  const list = wishlist.data;

  return (
    <section className="mx-auto max-w-6xl">
      <title>My Wishlist · Second Gear</title>
      <HeadingWithCount title="My Wishlist" count={list.length} testId="my-wishlist-count" />

      {list.length === 0 ? (
        <EmptyState
          message="Your wishlist is empty."
          action={
            <Link to="/" className="btn btn-primary">
              Browse cars
            </Link>
          }
        />
      ) : (
        <DataTable
          columns={columns}
          rows={list.map((item) => (
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
                    <DeleteButton action={remove} item={item}>
                      Remove
                    </DeleteButton>
                  )}
                </div>
              </td>
            </tr>
          ))}
        />
      )}

      <ConfirmDelete {...remove.dialog} />
    </section>
  );
}
