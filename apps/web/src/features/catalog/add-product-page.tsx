import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { AddProductBody } from '@second-gear/contract';
import { advertisedProductsQuery, categoryKey } from './api.ts';
import { ProductForm } from './product-form.tsx';
import { addProduct, myProductsKey } from './seller-api.ts';

export default function AddProductPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const save = async (body: AddProductBody) => {
    await addProduct(body);
    toast.success(`${body.productName} is Added Successfully`);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: myProductsKey }),
      queryClient.invalidateQueries({ queryKey: categoryKey }),
      queryClient.invalidateQueries({ queryKey: advertisedProductsQuery.queryKey }),
    ]);
    await navigate('/dashboard/myproducts');
  };

  return (
    <section className="mx-auto max-w-3xl">
      <title>Add A Product · Second Gear</title>
      <h1 className="mb-6 text-3xl font-bold">Add A Product</h1>
      <ProductForm submitLabel="Add Product" failedMessage="The product could not be added." onSave={save} />
    </section>
  );
}
