import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Product } from '@second-gear/contract';
import { roleQuery, useAuth, useRole } from '../auth/index.ts';
import { ordersQuery } from '../bookings/index.ts';
import { wishlistQuery } from '../wishlist/index.ts';
import type { CarStanding } from './card-actions.tsx';

export interface CarStandings {
  standingOf: (product: Product) => CarStanding;
  /** The person's role, or a buyer's orders and wishlist, are still on their way. */
  loading: boolean;
}

/**
 * Where each car stands for the signed-in person, from the buyer's own orders and wishlist (the
 * booking and the wishlist add invalidate those, so a card flips as soon as either succeeds). For
 * anyone but a buyer, and for a buyer whose orders or wishlist could not be loaded, nothing is
 * booked or saved.
 */
export function useCarStanding(): CarStandings {
  const { user } = useAuth();
  const { isBuyer, isLoading: roleLoading } = useRole();
  const email = user?.email ?? '';
  const enabled = isBuyer && email !== '';
  const orders = useQuery({ ...ordersQuery(email), enabled });
  const wishlist = useQuery({ ...wishlistQuery(email), enabled });

  // An open booking only: a paid one means the car is reserved or sold (its card is not shown), and
  // a declined or cancelled one leaves the buyer free to book the car again.
  const open = (order: { paid: boolean; status?: string }) => !order.paid && order.status !== 'declined' && order.status !== 'cancelled';
  const booked = new Set((orders.data ?? []).filter(open).map((order) => order.productId));
  const wishlisted = new Set((wishlist.data ?? []).map((item) => item._id));
  const ownEmail = email.toLowerCase();

  return {
    standingOf: (product) => ({
      own: ownEmail !== '' && product.email.toLowerCase() === ownEmail,
      booked: booked.has(product._id),
      wishlisted: wishlisted.has(product._id),
    }),
    loading: roleLoading || (enabled && (orders.isPending || wishlist.isPending)),
  };
}

/**
 * A signed-in person's standing for a page drawn on the server: their roles, and a buyer's orders
 * and wishlist, so that the cards and a car's actions are drawn as they will show rather than
 * waiting for the browser. A lookup that fails is left to the browser.
 */
export async function prefetchCarStanding(queryClient: QueryClient, email: string): Promise<void> {
  await Promise.all([queryClient.prefetchQuery(roleQuery('admin', email)), queryClient.prefetchQuery(roleQuery('seller', email)), queryClient.prefetchQuery(roleQuery('buyer', email))]);
  if (!queryClient.getQueryData(roleQuery('buyer', email).queryKey)?.isBuyer) return;
  await Promise.all([queryClient.prefetchQuery(ordersQuery(email)), queryClient.prefetchQuery(wishlistQuery(email))]);
}
