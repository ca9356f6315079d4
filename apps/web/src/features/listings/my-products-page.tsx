import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { Product } from '@second-gear/contract';
import { ConfirmDelete, ConfirmDialog, useShownName } from '../../ui/confirm-dialog.tsx';
import { pictureAndName, RowActions, type Column } from '../../ui/data-list.tsx';
import { DeleteButton, useDeleteAction } from '../../ui/delete-action.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatPrice } from '../../lib/format.ts';
import { ListPage } from '../../ui/list-page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useAuth } from '../auth/index.ts';
import { advertiseProduct, deleteProduct, myProductsQuery, withdrawProduct } from './seller-api.ts';
import { useRefreshListings } from './use-refresh-listings.ts';

type Status = 'Available' | 'Sold' | 'Advertised' | 'Withdrawn';

function statusOf(product: Product): Status {
  if (product.salesStatus === 'sold' || product.paid) return 'Sold';
  if (product.withdrawn) return 'Withdrawn';
  if (product.advertisement) return 'Advertised';
  return 'Available';
}

const statusBadge: Record<Status, string> = {
  Available: 'badge-success badge-soft',
  Sold: 'badge-neutral badge-soft',
  Advertised: 'badge-info badge-soft',
  // daisyUI's warning text is too pale on its soft background (1.7:1): the text is darkened.
  Withdrawn: 'badge-warning badge-soft text-amber-900',
};

const advertiseRefusal: Record<Status, string | undefined> = {
  Available: undefined,
  Advertised: 'Already advertised',
  Sold: 'Sold cars are not advertised',
  Withdrawn: 'Withdrawn cars are not advertised',
};

export default function MyProductsPage() {
  const { user } = useAuth();
  const email = user?.email ?? '';
  const products = useQuery({ ...myProductsQuery(email), enabled: email !== '' });
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

  // Withdraw asks first, like Delete: the car leaves the market at once.
  const [toWithdraw, setToWithdraw] = useState<Product | null>(null);
  const withdrawnName = useShownName(toWithdraw !== null, toWithdraw?.productName ?? '');
  const withdraw = useMutation({
    mutationFn: (product: Product) => withdrawProduct(product._id),
    onSuccess: async (result, product) => {
      setToWithdraw(null);
      if (result.modifiedCount > 0) toast.success(`${product.productName} is Withdrawn`);
      await refreshLists();
    },
    onError: (error) => {
      setToWithdraw(null);
      toast.error(errorMessage(error));
    },
  });

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
        <Link to={`/cars/${product._id}`} className="link link-hover">
          {product.productName}
        </Link>
      ),
    ),
    { label: 'Price', cell: (product) => formatPrice(product.resalePrice) },
    {
      label: 'Status',
      cell: (product) => {
        const status = statusOf(product);
        return (
          <span id={`status-${product._id}`} className={`badge whitespace-nowrap ${statusBadge[status]}`}>
            {status}
          </span>
        );
      },
    },
    {
      label: 'Actions',
      kind: 'actions',
      cell: (product) => {
        const status = statusOf(product);
        const advertising = advertise.isPending && advertise.variables._id === product._id;
        // Disabled once advertised, withdrawn or sold: the Status beside it says which.
        const done = product.advertisement || status === 'Sold' || status === 'Withdrawn';
        const withdrawing = withdraw.isPending && withdraw.variables._id === product._id;
        return (
          <RowActions>
            <button
              type="button"
              className="btn btn-sm btn-primary"
              disabled={done || advertising}
              aria-describedby={done ? `status-${product._id}` : undefined}
              title={done ? advertiseRefusal[status] : undefined}
              onClick={() => advertise.mutate(product)}
            >
              {advertising ? <Spinner size="loading-xs" label="" /> : null}
              Make Advertise
            </button>
            {/* A sold car is the buyer's now: neither changed nor taken off the market. */}
            {status === 'Sold' ? null : (
              <>
                <Link to={`/dashboard/myproducts/${product._id}/edit`} className="btn btn-sm btn-outline">
                  Edit
                </Link>
                <button
                  type="button"
                  className="btn btn-sm btn-outline"
                  disabled={status === 'Withdrawn' || withdrawing}
                  aria-describedby={status === 'Withdrawn' ? `status-${product._id}` : undefined}
                  onClick={() => setToWithdraw(product)}
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
      <ConfirmDialog
        open={toWithdraw !== null}
        title="Withdraw this car?"
        message={`${withdrawnName} leaves the market: buyers no longer see it. It stays here in My Products.`}
        confirmLabel="Withdraw"
        confirmClass="btn-warning"
        busy={withdraw.isPending}
        onConfirm={() => {
          if (toWithdraw) withdraw.mutate(toWithdraw);
        }}
        onClose={() => {
          if (!withdraw.isPending) setToWithdraw(null);
        }}
      />
    </ListPage>
  );
}
