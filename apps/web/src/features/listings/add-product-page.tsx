import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import type { AddProductBody } from '@second-gear/contract';
import { PlatformFeeNote } from '../payouts/index.ts';
import { prefilledProductForm } from './listing-prefill.ts';
import { ProductForm } from './product-form.tsx';
import { addProduct } from './seller-api.ts';
import { useRefreshListings } from './use-refresh-listings.ts';

export default function AddProductPage() {
  const navigate = useNavigate();
  const refreshListings = useRefreshListings();
  // A car valued on What's my car worth? arrives in the address (`List it at this price`); read once, as the form's defaults are.
  const [searchParams] = useSearchParams();
  const [initial] = useState(() => prefilledProductForm(searchParams));

  const save = async (body: AddProductBody) => {
    await addProduct(body);
    toast.success(`${body.productName} is Added Successfully`);
    await refreshListings();
    await navigate('/dashboard/myproducts');
  };

  return (
    <section>
      <title>Add A Product · Second Gear</title>
      <h1 className="mb-6 text-3xl font-bold">Add A Product</h1>
      <ProductForm initial={initial} submitLabel="Add Product" failedMessage="The product could not be added." onSave={save} priceNote={<PlatformFeeNote className="md:col-span-2" />} />
    </section>
  );
}
