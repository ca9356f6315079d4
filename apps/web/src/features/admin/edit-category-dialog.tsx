import { useId } from 'react';
import type { ManagedCategory } from '@second-gear/contract';
import { Modal } from '../../ui/modal.tsx';
import { CategoryForm, type CategoryFields } from './category-form.tsx';

export interface EditCategoryDialogProps {
  category: ManagedCategory;
  /** Saves the changes; the caller unmounts the dialog once they are saved. */
  onSave: (fields: CategoryFields) => Promise<void>;
  /** Cancel or Escape. */
  onClose: () => void;
}

/**
 * Edit a category in the app's modal, with the Add Category form's fields. Shown while mounted; a
 * click outside keeps it, so no edit is lost by a stray click.
 */
export function EditCategoryDialog({ category, onSave, onClose }: EditCategoryDialogProps) {
  const titleId = useId();
  return (
    <Modal open onClose={onClose} labelledBy={titleId} closeOnOutsideClick={false}>
      <h2 id={titleId} className="mb-4 text-lg font-bold">
        Edit {category.name}
      </h2>
      <CategoryForm category={category} labelledBy={titleId} submitLabel="Save Changes" onSave={onSave} onCancel={onClose} />
    </Modal>
  );
}
