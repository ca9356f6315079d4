import { queryOptions, useQuery } from '@tanstack/react-query';
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

/** What each of the three role lookups answers. */
interface RoleAnswers {
  admin: IsAdminAnswer;
  seller: IsSellerAnswer;
  buyer: IsBuyerAnswer;
}

/** One of the three role lookups of `email` (`GET /users/{kind}/{email}`). */
export function roleQuery<K extends keyof RoleAnswers>(kind: K, email: string) {
  return queryOptions({
    queryKey: ['role', kind, email],
    queryFn: () => api<RoleAnswers[K]>(`/users/${kind}/${encodeURIComponent(email)}`),
    staleTime: roleStaleTime,
  });
}

/** The role of the signed-in user from the three role lookups. */
export function useRole(): RoleState {
  const { user } = useAuth();
  const email = user?.email ?? '';
  const enabled = email !== '';

  const admin = useQuery({ ...roleQuery('admin', email), enabled });
  const seller = useQuery({ ...roleQuery('seller', email), enabled });
  const buyer = useQuery({ ...roleQuery('buyer', email), enabled });

  return {
    isAdmin: admin.data?.isAdmin ?? false,
    isSeller: seller.data?.isSeller ?? false,
    isVerified: seller.data?.isVerified ?? false,
    isBuyer: buyer.data?.isBuyer ?? false,
    isLoading: enabled && (admin.isPending || seller.isPending || buyer.isPending),
    error: admin.error ?? seller.error ?? buyer.error,
  };
}
