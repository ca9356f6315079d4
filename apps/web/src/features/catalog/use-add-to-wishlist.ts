import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { Product } from '@second-gear/contract';
import { errorMessage } from '../../lib/errors.ts';
import { useAuth } from '../auth/index.ts';
import { addToWishlist, wishlistKey } from '../wishlist/index.ts';

/** Add to Wishlist (buyers only): its toast (docs/product.md, "Messages"), then the wishlist is refreshed. */
export function useAddToWishlist() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: Product) => addToWishlist(product._id, user?.email ?? ''),
    onSuccess: async (result, product) => {
      if (result.modifiedCount > 0) toast.success(`${product.productName} is Added as Wishlist`);
      else toast(`${product.productName} is already on your wishlist`);
      await queryClient.invalidateQueries({ queryKey: wishlistKey });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
