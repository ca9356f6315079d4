import type {
  AddProductBody,
  AddProductCategory,
  DeleteResult,
  InsertResult,
  Product,
  UpdateResult,
} from '@second-gear/contract';
import { api } from '../../lib/api.ts';

// The seller's calls: only lazy chunks use this module, so the home page stays light.

export const addProductCategoriesQuery = {
  queryKey: ['add-product-categories'],
  queryFn: () => api<AddProductCategory[]>('/addProductCategories'),
  staleTime: 5 * 60 * 1000,
} as const;

export const myProductsKey = ['my-products'] as const;

/** `GET /products?email=`: the seller's own cars, newest first. */
export function myProductsQuery(email: string) {
  return {
    queryKey: [...myProductsKey, email],
    queryFn: () => api<Product[]>(`/products?${new URLSearchParams({ email }).toString()}`),
  } as const;
}

export function addProduct(body: AddProductBody): Promise<InsertResult> {
  return api<InsertResult>('/addProducts', { method: 'POST', json: body });
}

/** `PUT /product/{id}`: advertise one of the seller's cars. */
export function advertiseProduct(id: string): Promise<UpdateResult> {
  return api<UpdateResult>(`/product/${encodeURIComponent(id)}`, { method: 'PUT' });
}

export function deleteProduct(id: string): Promise<DeleteResult> {
  return api<DeleteResult>(`/products/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
