import { Link } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { Product } from '@second-gear/contract';
import { ConfirmDelete, ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { pictureAndName, RowActions, type Column } from '../../ui/data-list.tsx';
import { DeleteButton, useDeleteAction } from '../../ui/delete-action.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatPrice, formatWhole } from '../../lib/format.ts';
import { ListPage } from '../../ui/list-page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useAuth } from '../auth/index.ts';
import { advertiseRefusal, StatusBadge, statusIdOf, statusOf } from './product-status.tsx';
import { advertiseProduct, deleteProduct, myProductsQuery, myProductViewsQuery } from './seller-api.ts';
import { useRefreshListings } from './use-refresh-listings.ts';
import { useWithdraw } from './use-withdraw.ts';

/** My Products (`/dashboard/myproducts`): the seller's cars with their status, each to advertise, edit, withdraw or delete. */
export default function MyProductsPage() {
  const { user } = useAuth();
  const email = user?.email ?? '';
  const products = useQuery({ ...myProductsQuery(email), enabled: email !== '' });
  const views = useQuery(myProductViewsQuery);
  // A change to a car also changes the public lists it appears in.
  const refreshLists = useRefreshListings();

  const advertise = useMutation({
    mutationFn: (product: Product) => advertiseProduct(product._id),
    onSuccess: async (result) => {
      if (result.modifiedCount > 0) {
        toast.success('Make Advertise Successful.');
        await refreshLists();
      }
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const withdraw = useWithdraw(refreshLists);

  const remove = useDeleteAction({
    mutationFn: (product: Product) => deleteProduct(product._id),
    idOf: (product) => product._id,
    nameOf: (product) => product.productName,
    deletedMessage: (product) => `Product ${product.productName} Deleted Successfully`,
    afterDelete: (deleted) => (deleted ? refreshLists() : undefined),
  });

  const columns: Column<Product>[] = [
    ...pictureAndName<Product>(
      'Name',
      (product) => product.image,
      (product) => (
        <Link to={`/cars/${product._id}`} className="link link-hover inline-flex min-h-11 items-center">
          {product.productName}
        </Link>
      ),
    ),
    { label: 'Price', cell: (product) => formatPrice(product.resalePrice) },
    { label: 'Status', cell: (product) => <StatusBadge product={product} /> },
    // Added beside the specification's columns (issue 49); a dash until the counts are in.
    { label: 'Views (7 days)', cell: (product) => (views.data ? formatWhole(views.data.get(product._id) ?? 0) : '–') },
    {
      label: 'Actions',
      kind: 'actions',
      cell: (product) => {
        const status = statusOf(product);
        const advertising = advertise.isPending && advertise.variables._id === product._id;
        // Disabled once advertised, withdrawn, reserved or sold: the Status beside it says which.
        const paidFor = status === 'Sold' || status === 'Reserved';
        const done = product.advertisement || paidFor || status === 'Withdrawn';
        const withdrawing = withdraw.isWithdrawing(product);
        return (
          <RowActions>
            <button
              type="button"
              className="btn btn-sm btn-primary"
              disabled={done || advertising}
              aria-describedby={done ? statusIdOf(product) : undefined}
              title={done ? advertiseRefusal[status] : undefined}
              onClick={() => advertise.mutate(product)}
            >
              {advertising ? <Spinner size="loading-xs" label="" /> : null}
              Make Advertise
            </button>
            <Link to={`/dashboard/products/${product._id}/performance`} className="btn btn-sm btn-outline">
              Performance
            </Link>
            {/* A car paid for is the buyer's: neither changed nor taken off the market (Cancel sale puts a reserved one back). */}
            {paidFor ? null : (
              <>
                <Link to={`/dashboard/myproducts/${product._id}/edit`} className="btn btn-sm btn-outline">
                  Edit
                </Link>
                <button
                  type="button"
                  className="btn btn-sm btn-outline"
                  disabled={status === 'Withdrawn' || withdrawing}
                  aria-describedby={status === 'Withdrawn' ? statusIdOf(product) : undefined}
                  onClick={() => withdraw.ask(product)}
                >
                  Withdraw
                </button>
              </>
            )}
            <DeleteButton action={remove} item={product}>
              Delete
            </DeleteButton>
          </RowActions>
        );
      },
    },
  ];

  return (
    <ListPage
      title="My Products"
      countTestId="my-products-count"
      query={products}
      loadingLabel="Loading your products"
      emptyMessage="You have not added any cars yet."
      emptyAction={
        <Link to="/dashboard/addProduct" className="btn btn-primary">
          Add A Product
        </Link>
      }
      columns={columns}
      rowKey={(product) => product._id}
    >
      <ConfirmDelete {...remove.dialog} />
      <ConfirmDialog {...withdraw.dialog} />
    </ListPage>
  );
}
