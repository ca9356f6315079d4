import { useQueryClient } from '@tanstack/react-query';
import { refreshCarLists } from '../catalog/index.ts';
import { myProductsKey } from './seller-api.ts';

/**
 * After a seller adds, edits, advertises, withdraws or deletes a car: the lists that show it (My
 * Products, the category pages, the home grid) are fetched again, so the seller sees the car as saved
 * wherever they go next.
 */
export function useRefreshListings(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: myProductsKey }), refreshCarLists(queryClient)]);
  };
}
