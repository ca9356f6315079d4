import { useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { DeleteResult } from '@second-gear/contract';
import type { ConfirmDeleteProps } from './confirm-dialog.tsx';
import { errorMessage } from '../lib/errors.ts';

export interface DeleteActionOptions<T> {
  /** Runs the delete of a row's record. */
  mutationFn: (item: T) => Promise<DeleteResult>;
  /** Tells rows apart, for the row whose delete is running. */
  idOf: (item: T) => string;
  /** The name the confirm dialog shows. */
  nameOf: (item: T) => string;
  /** The toast once the record is gone. */
  deletedMessage: (item: T) => string;
  /** After the server answered; `deleted` is false when the record was already gone. */
  afterDelete: (deleted: boolean) => Promise<unknown> | undefined;
  /** After a failed delete, when the page must reload what it shows. */
  afterError?: () => Promise<unknown>;
}

/**
 * A row's delete (docs/product.md, "Deleting"): the row's button asks, the confirm dialog runs the delete,
 * the dialog closes on the answer, and a toast says how it went.
 */
export function useDeleteAction<T>({ mutationFn, idOf, nameOf, deletedMessage, afterDelete, afterError }: DeleteActionOptions<T>) {
  const [toDelete, setToDelete] = useState<T | null>(null);

  const remove = useMutation({
    mutationFn,
    onSuccess: async (result, item) => {
      setToDelete(null);
      if (result.deletedCount > 0) toast.success(deletedMessage(item));
      await afterDelete(result.deletedCount > 0);
    },
    onError: async (error) => {
      setToDelete(null);
      toast.error(errorMessage(error));
      await afterError?.();
    },
  });

  const dialog: ConfirmDeleteProps = {
    open: toDelete !== null,
    itemName: toDelete === null ? '' : nameOf(toDelete),
    busy: remove.isPending,
    onConfirm: () => {
      if (toDelete !== null) remove.mutate(toDelete);
    },
    onClose: () => {
      if (!remove.isPending) setToDelete(null);
    },
  };

  return {
    /** Opens the confirm dialog for this row. */
    ask: setToDelete,
    /** Whether this row's delete is running. */
    isDeleting: (item: T) => remove.isPending && idOf(remove.variables) === idOf(item),
    /** The props of the page's one <ConfirmDelete>. */
    dialog,
  };
}

export interface DeleteButtonProps<T> {
  action: ReturnType<typeof useDeleteAction<T>>;
  /** The row's record. */
  item: T;
  children: ReactNode;
  /** Also disabled for reasons of the row (besides its delete running). */
  disabled?: boolean;
  title?: string | undefined;
  /** The id of the text saying why the button is disabled. */
  describedBy?: string | undefined;
  className?: string;
}

/** A row's delete button: it opens the confirm dialog, and is disabled while the row's delete runs. */
export function DeleteButton<T>({ action, item, children, disabled = false, title, describedBy, className }: DeleteButtonProps<T>) {
  return (
    <button
      type="button"
      className={className ? `btn btn-sm btn-error btn-outline ${className}` : 'btn btn-sm btn-error btn-outline'}
      disabled={disabled || action.isDeleting(item)}
      title={title}
      aria-describedby={describedBy}
      onClick={() => action.ask(item)}
    >
      {children}
    </button>
  );
}
