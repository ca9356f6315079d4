import { useQuery } from '@tanstack/react-query';
import type { IsAdminAnswer, IsBuyerAnswer, IsSellerAnswer } from '@second-gear/contract';
import { api } from '../../lib/api.ts';
import { useAuth } from './auth-context.ts';

export interface RoleState {
  isAdmin: boolean;
  isSeller: boolean;
  isVerified: boolean;
  isBuyer: boolean;
  /** True while any of the three lookups is still running for a signed-in user. */
  isLoading: boolean;
  error: Error | null;
}

const roleStaleTime = 60 * 1000;

/** The role of the signed-in user from the three role lookups. */
export function useRole(): RoleState {
  const { user } = useAuth();
  const email = user?.email ?? '';
  const path = encodeURIComponent(email);
  const enabled = email !== '';

  const admin = useQuery({
    queryKey: ['role', 'admin', email],
    queryFn: () => api<IsAdminAnswer>(`/users/admin/${path}`),
    enabled,
    staleTime: roleStaleTime,
  });
  const seller = useQuery({
    queryKey: ['role', 'seller', email],
    queryFn: () => api<IsSellerAnswer>(`/users/seller/${path}`),
    enabled,
    staleTime: roleStaleTime,
  });
  const buyer = useQuery({
    queryKey: ['role', 'buyer', email],
    queryFn: () => api<IsBuyerAnswer>(`/users/buyer/${path}`),
    enabled,
    staleTime: roleStaleTime,
  });

  return {
    isAdmin: admin.data?.isAdmin ?? false,
    isSeller: seller.data?.isSeller ?? false,
    isVerified: seller.data?.isVerified ?? false,
    isBuyer: buyer.data?.isBuyer ?? false,
    isLoading: enabled && (admin.isPending || seller.isPending || buyer.isPending),
    error: admin.error ?? seller.error ?? buyer.error,
  };
}
