import type {
  AddProductBody,
  AddProductCategory,
  CarPage,
  CarPerformance,
  DeleteResult,
  EditProductBody,
  InsertResult,
  PriceGuide,
  Product,
  ProductViews,
  UpdateResult,
} from '@second-gear/contract';
import { keepPreviousData } from '@tanstack/react-query';
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

/** `GET /products/views`: My Products' `Views (7 days)`, by car (a car without views is not named). */
export const myProductViewsQuery = {
  queryKey: [...myProductsKey, 'views'],
  queryFn: async () => new Map((await api<ProductViews>('/products/views')).map((car) => [car.productId, car.views])),
} as const;

/** `GET /products/{id}/performance`: a car's last 30 days for its seller, beside similar cars. */
export function carPerformanceQuery(id: string) {
  return {
    queryKey: ['car-performance', id],
    queryFn: () => api<CarPerformance>(`/products/${encodeURIComponent(id)}/performance`),
  } as const;
}

export function addProduct(body: AddProductBody): Promise<InsertResult> {
  return api<InsertResult>('/addProducts', { method: 'POST', json: body });
}

/** `GET /cars/{id}`: the car with all its details and photos, to fill in the edit form. */
export function sellerCarQuery(id: string) {
  return {
    queryKey: ['seller-car', id],
    queryFn: () => api<CarPage>(`/cars/${encodeURIComponent(id)}`),
    // Dropped once the form closes: the next edit starts from the car as it is now, never from an old copy.
    gcTime: 0,
  } as const;
}

/** `PUT /products/{id}`: the seller's whole car again, as Add A Product sends it. */
export function editProduct(id: string, body: EditProductBody): Promise<UpdateResult> {
  return api<UpdateResult>(`/products/${encodeURIComponent(id)}`, { method: 'PUT', json: body });
}

/** `POST /products/{id}/withdraw`: takes an unsold car off the market; it stays in My Products. */
export function withdrawProduct(id: string): Promise<UpdateResult> {
  return api<UpdateResult>(`/products/${encodeURIComponent(id)}/withdraw`, { method: 'POST' });
}

/** `PUT /product/{id}`: advertise one of the seller's cars. */
export function advertiseProduct(id: string): Promise<UpdateResult> {
  return api<UpdateResult>(`/product/${encodeURIComponent(id)}`, { method: 'PUT' });
}

export function deleteProduct(id: string): Promise<DeleteResult> {
  return api<DeleteResult>(`/products/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** `GET /pricing/guide`: the fair price of a car as described on the form, and the typed price's rating. */
export function priceGuideQuery(params: URLSearchParams) {
  return {
    queryKey: ['price-guide', params.toString()],
    queryFn: () => api<PriceGuide>(`/pricing/guide?${params.toString()}`),
    staleTime: 60 * 1000,
    // The last answer stays while the next is asked, so the hint changes in place.
    placeholderData: keepPreviousData,
  } as const;
}
