import type {
  CategoryBody,
  CategoryChanges,
  DeleteResult,
  InsertResult,
  ManagedCategory,
  ReportedItem,
  SellerEvidence,
  UpdateResult,
  UserSummary,
} from '@second-gear/contract';
import { api } from '../../lib/api.ts';

// The admin's calls: only lazy chunks import this module, so the home page stays light.

export const adminKey = ['admin'] as const;

/** `GET /users/allseller` or `GET /users/allbuyer`: All Sellers / All Buyers, newest first. */
export function usersQuery(kind: UserSummary['role']) {
  return {
    queryKey: [...adminKey, 'users', kind] as const,
    queryFn: () => api<UserSummary[]>(kind === 'seller' ? '/users/allseller' : '/users/allbuyer'),
  };
}

export const reportedItemsQuery = {
  queryKey: [...adminKey, 'reports'],
  queryFn: () => api<ReportedItem[]>('/reports'),
} as const;

/** `GET /admin/sellers/{id}/evidence`: what to look at before verifying a seller or removing it. */
export function sellerEvidenceQuery(sellerId: string) {
  return {
    queryKey: [...adminKey, 'evidence', sellerId] as const,
    queryFn: () => api<SellerEvidence>(`/admin/sellers/${encodeURIComponent(sellerId)}/evidence`),
  };
}

/** `PUT` (verify) or `DELETE` (remove the verification) `/admin/sellers/{id}/verification`, with the admin's note. */
export function decideVerification(sellerId: string, verified: boolean, note: string): Promise<UpdateResult> {
  return api<UpdateResult>(`/admin/sellers/${encodeURIComponent(sellerId)}/verification`, { method: verified ? 'PUT' : 'DELETE', json: { note } });
}

/** `DELETE /users/{id}`: a buyer or a seller (the server refuses admins and the caller). */
export function deleteUser(user: UserSummary): Promise<DeleteResult> {
  return api<DeleteResult>(`/users/${encodeURIComponent(user._id)}`, { method: 'DELETE' });
}

/** `DELETE /reports/{productId}`: dismiss every report of a car; the car stays listed. */
export function dismissReports(productId: string): Promise<DeleteResult> {
  return api<DeleteResult>(`/reports/${encodeURIComponent(productId)}`, { method: 'DELETE' });
}

/** `DELETE /reported-products/{productId}`: remove a reported car (refused for a sold one); the seller is told, with the reason when given. */
export function deleteReportedProduct(productId: string, reason = ''): Promise<DeleteResult> {
  return api<DeleteResult>(`/reported-products/${encodeURIComponent(productId)}`, { method: 'DELETE', ...(reason.trim() ? { json: { reason: reason.trim() } } : {}) });
}

/** `GET /admin/categories`: every category with its number of cars. */
export const managedCategoriesQuery = {
  queryKey: [...adminKey, 'categories'],
  queryFn: () => api<ManagedCategory[]>('/admin/categories'),
} as const;

/** `POST /categories`: the picture is a URL `POST /images` answered to this admin. */
export function addCategory(body: CategoryBody): Promise<InsertResult> {
  return api<InsertResult>('/categories', { method: 'POST', json: body });
}

/** `PUT /categories/{id}`: only the fields sent change. */
export function updateCategory(id: string, changes: CategoryChanges): Promise<UpdateResult> {
  return api<UpdateResult>(`/categories/${encodeURIComponent(id)}`, { method: 'PUT', json: changes });
}

/** `DELETE /categories/{id}`: refused (409, with the number of cars) while any car uses it. */
export function deleteCategory(id: string): Promise<DeleteResult> {
  return api<DeleteResult>(`/categories/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
