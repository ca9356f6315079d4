import { useEffect, useId, useRef } from 'react';
import type { ManagedCategory } from '@second-gear/contract';
import { CategoryForm, type CategoryFields } from './category-form.tsx';

export interface EditCategoryDialogProps {
  category: ManagedCategory;
  /** Saves the changes; the caller unmounts the dialog once they are saved. */
  onSave: (fields: CategoryFields) => Promise<void>;
  /** Cancel or Escape. */
  onClose: () => void;
}

/**
 * Edit a category in a native modal <dialog> (focus stays inside, Escape closes it, focus returns to
 * the Edit button), with the Add Category form's fields. Shown while mounted.
 */
export function EditCategoryDialog({ category, onSave, onClose }: EditCategoryDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  return (
    <dialog ref={dialogRef} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-box">
        <h2 id={titleId} className="mb-4 text-lg font-bold">
          Edit {category.name}
        </h2>
        <CategoryForm category={category} labelledBy={titleId} submitLabel="Save Changes" onSave={onSave} onCancel={onClose} />
      </div>
    </dialog>
  );
}
