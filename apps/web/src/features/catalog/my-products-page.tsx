import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { Product } from '@second-gear/contract';
import { ConfirmDelete } from '../../ui/confirm-dialog.tsx';
import { formatPrice } from '../../ui/format.ts';
import { PageSpinner, Spinner } from '../../ui/spinner.tsx';
import { useAuth } from '../auth/auth-context.ts';
import { advertisedProductsQuery, categoryKey } from './api.ts';
import { advertiseProduct, deleteProduct, myProductsQuery } from './seller-api.ts';

type Status = 'Available' | 'Sold' | 'Advertised';

function statusOf(product: Product): Status {
  if (product.salesStatus === 'sold' || product.paid) return 'Sold';
  if (product.advertisement) return 'Advertised';
  return 'Available';
}

const statusBadge: Record<Status, string> = {
  Available: 'badge-success badge-soft',
  Sold: 'badge-neutral badge-soft',
  Advertised: 'badge-info badge-soft',
};

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}

export default function MyProductsPage() {
  const { user } = useAuth();
  const email = user?.email ?? '';
  const queryClient = useQueryClient();
  const products = useQuery({ ...myProductsQuery(email), enabled: email !== '' });
  const [toDelete, setToDelete] = useState<Product | null>(null);

  // A change to a car also changes the public lists it appears in.
  const refreshLists = () =>
    Promise.all([
      products.refetch(),
      queryClient.invalidateQueries({ queryKey: categoryKey }),
      queryClient.invalidateQueries({ queryKey: advertisedProductsQuery.queryKey }),
    ]);

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

  const remove = useMutation({
    mutationFn: (product: Product) => deleteProduct(product._id),
    onSuccess: async (result, product) => {
      setToDelete(null);
      if (result.deletedCount > 0) {
        toast.success(`Product ${product.productName} Deleted Successfully`);
        await refreshLists();
      }
    },
    onError: (error) => {
      setToDelete(null);
      toast.error(errorMessage(error));
    },
  });

  if (products.isError && !products.data) throw products.error;
  if (products.isPending) return <PageSpinner label="Loading your products" />;

  const list = products.data;

  return (
    <section className="mx-auto max-w-6xl">
      <title>My Products · Second Gear</title>
      <h1 className="mb-6 flex items-center gap-3 text-3xl font-bold">
        My Products
        <span className="badge badge-primary badge-lg" data-testid="my-products-count">
          {list.length}
        </span>
      </h1>

      {list.length === 0 ? (
        <div className="rounded-box bg-base-200 p-6">
          <p className="mb-4 text-base-content/80">You have not added any cars yet.</p>
          <Link to="/dashboard/addProduct" className="btn btn-primary">
            Add A Product
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
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((product) => {
                const status = statusOf(product);
                const advertising = advertise.isPending && advertise.variables._id === product._id;
                const deleting = remove.isPending && remove.variables._id === product._id;
                return (
                  <tr key={product._id}>
                    <td>
                      <div className="h-12 w-16 overflow-hidden rounded bg-base-200">
                        <img
                          src={product.image}
                          alt=""
                          width={64}
                          height={48}
                          loading="lazy"
                          decoding="async"
                          className="h-full w-full object-cover"
                        />
                      </div>
                    </td>
                    <th scope="row" className="font-semibold">
                      {product.productName}
                    </th>
                    <td>{formatPrice(product.resalePrice)}</td>
                    <td>
                      <span className={`badge whitespace-nowrap ${statusBadge[status]}`}>{status}</span>
                    </td>
                    <td>
                      <div className="flex flex-nowrap justify-end gap-2">
                        <button
                          type="button"
                          className="btn btn-sm btn-primary"
                          disabled={product.advertisement || status === 'Sold' || advertising}
                          onClick={() => advertise.mutate(product)}
                        >
                          {advertising ? <Spinner size="loading-xs" label="" /> : null}
                          Make Advertise
                        </button>
                        <button
                          type="button"
                          className="btn btn-sm btn-error btn-outline"
                          disabled={deleting}
                          onClick={() => setToDelete(product)}
                        >
                          Delete
                        </button>
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
        open={toDelete !== null}
        itemName={toDelete?.productName ?? ''}
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
