import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { Product } from '@second-gear/contract';
import { errorMessage } from '../../lib/errors.ts';
import { useShownName, type ConfirmDialogProps } from '../../ui/confirm-dialog.tsx';
import { withdrawProduct } from './seller-api.ts';

/**
 * A car's Withdraw in My Products. It asks first, like Delete: the car leaves the market at once. The
 * confirm dialog runs it, closes on the answer, and a toast says how it went.
 */
export function useWithdraw(afterWithdraw: () => Promise<unknown>) {
  const [toWithdraw, setToWithdraw] = useState<Product | null>(null);
  const withdrawnName = useShownName(toWithdraw !== null, toWithdraw?.productName ?? '');
  const withdraw = useMutation({
    mutationFn: (product: Product) => withdrawProduct(product._id),
    onSuccess: async (result, product) => {
      setToWithdraw(null);
      if (result.modifiedCount > 0) toast.success(`${product.productName} is Withdrawn`);
      await afterWithdraw();
    },
    onError: (error) => {
      setToWithdraw(null);
      toast.error(errorMessage(error));
    },
  });

  const dialog: ConfirmDialogProps = {
    open: toWithdraw !== null,
    title: 'Withdraw this car?',
    message: `${withdrawnName} leaves the market: buyers no longer see it. It stays here in My Products.`,
    confirmLabel: 'Withdraw',
    confirmClass: 'btn-warning',
    busy: withdraw.isPending,
    onConfirm: () => {
      if (toWithdraw) withdraw.mutate(toWithdraw);
    },
    onClose: () => {
      if (!withdraw.isPending) setToWithdraw(null);
    },
  };

  return {
    /** Opens the confirm dialog for this car. */
    ask: setToWithdraw,
    /** Whether this car's withdrawal is running. */
    isWithdrawing: (product: Product) => withdraw.isPending && withdraw.variables._id === product._id,
    /** The props of the page's withdraw <ConfirmDialog>. */
    dialog,
  };
}
