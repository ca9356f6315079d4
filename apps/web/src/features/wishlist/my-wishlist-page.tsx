import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { WishlistItem } from '@second-gear/contract';
import { ConfirmDelete } from '../../ui/confirm-dialog.tsx';
import { pictureAndName, RowActions, type Column } from '../../ui/data-list.tsx';
import { DeleteButton, useDeleteAction } from '../../ui/delete-action.tsx';
import { formatPrice } from '../../lib/format.ts';
import { ListPage } from '../../ui/list-page.tsx';
import { useAuth } from '../auth/index.ts';
import { PayAction, PaymentCell } from '../bookings/index.ts';
import { useBuyerMoney } from '../money/index.ts';
import { removeFromWishlist, wishlistKey, wishlistQuery } from './api.ts';

export default function MyWishlistPage() {
  const { user } = useAuth();
  const email = user?.email ?? '';
  const queryClient = useQueryClient();
  const wishlist = useQuery({ ...wishlistQuery(email), enabled: email !== '' });

  const refresh = () => queryClient.invalidateQueries({ queryKey: wishlistKey });
  const buyerMoney = useBuyerMoney(refresh);

  const remove = useDeleteAction({
    mutationFn: (item: WishlistItem) => removeFromWishlist(item._id),
    idOf: (item) => item._id,
    nameOf: (item) => item.productName,
    deletedMessage: (item) => `${item.productName} is Removed from your Wishlist`,
    afterDelete: refresh,
  });

  const columns: Column<WishlistItem>[] = [
    ...pictureAndName<WishlistItem>('Name', (item) => item.image, (item) => item.productName),
    { label: 'Price', cell: (item) => formatPrice(item.resalePrice) },
    {
      label: 'Actions',
      kind: 'actions',
      cell: (item) => (
        <PaymentCell money={item.money} moneyActions={buyerMoney.actions(item)}>
          <RowActions>
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
          </RowActions>
        </PaymentCell>
      ),
    },
  ];

  return (
    <ListPage
      title="My Wishlist"
      countTestId="my-wishlist-count"
      query={wishlist}
      loadingLabel="Loading your wishlist"
      emptyMessage="Your wishlist is empty."
      emptyAction={
        <Link to="/" className="btn btn-primary">
          Browse cars
        </Link>
      }
      columns={columns}
      rowKey={(item) => item._id}
    >
      <ConfirmDelete {...remove.dialog} />
      {buyerMoney.dialogs}
    </ListPage>
  );
}
