import { Link, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { AddProductBody } from '@second-gear/contract';
import { routeErrorOf } from '../../lib/errors.ts';
import { PageSpinner } from '../../ui/spinner.tsx';
import { ProductForm } from './product-form.tsx';
import { formValuesOf } from './product-form-values.ts';
import { addProductCategoriesQuery, editProduct, sellerCarQuery } from './seller-api.ts';
import { useRefreshListings } from './use-refresh-listings.ts';

/** `/dashboard/myproducts/{id}/edit`: the Add A Product form, filled in with the seller's car. */
/**
 * The toast of each car's last save. A save's toast has an id of its own: shown again under the same
 * id while the first was fading out, react-hot-toast removed it with the first (a second save in a
 * row confirmed nothing). The one before is removed at once, so the words are never there twice.
 */
const lastSaveToast = new Map<string, string>();

export default function EditProductPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const refreshListings = useRefreshListings();
  const car = useQuery(sellerCarQuery(id));
  // The form opens once the Category list is there too: a select shows its stored value only among its options.
  const categories = useQuery(addProductCategoriesQuery);

  if (car.isError) throw routeErrorOf(car.error);
  if (car.isPending || categories.isPending) return <PageSpinner label="Loading your car" />;

  const { product, photos } = car.data;
  // The gallery, the cover first; a car stored before photos had one has its image alone.
  const gallery = photos.length > 0 ? photos.map((photo) => photo.url) : [product.image];
  // Reserved (paid, the money held) or sold: the buyer's car now.
  const paidFor = product.salesStatus !== 'available' || product.paid;

  const save = async (body: AddProductBody) => {
    await editProduct(product._id, body);
    // One toast per car: a second save in a row replaces the first one's toast rather than stacking the same words.
    const previous = lastSaveToast.get(product._id);
    if (previous) toast.remove(previous);
    lastSaveToast.set(product._id, toast.success(`${body.productName} is Updated Successfully`));
    await refreshListings();
    await navigate('/dashboard/myproducts');
  };

  return (
    <section>
      <title>{`Edit ${product.productName} · Second Gear`}</title>
      <h1 className="mb-6 text-3xl font-bold break-words">Edit {product.productName}</h1>
      {paidFor ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-box bg-base-200 p-6">
          <p>
            {product.salesStatus === 'reserved'
              ? `${product.productName} is reserved: a car paid for can no longer be changed.`
              : `${product.productName} is sold: a sold car can no longer be changed.`}
          </p>
          <Link to="/dashboard/myproducts" className="btn btn-primary">
            My Products
          </Link>
        </div>
      ) : (
        <ProductForm
          key={product._id}
          carId={product._id}
          initial={formValuesOf(product)}
          initialPhotos={gallery}
          submitLabel="Save Changes"
          failedMessage="The changes could not be saved."
          onSave={save}
        />
      )}
    </section>
  );
}
