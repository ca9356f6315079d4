import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { ManagedCategory } from '@second-gear/contract';
import { ConfirmDelete } from '../../ui/confirm-dialog.tsx';
import { pictureAndName, RowActions, type Column } from '../../ui/data-list.tsx';
import { DeleteButton, useDeleteAction } from '../../ui/delete-action.tsx';
import { ListPage } from '../../ui/list-page.tsx';
import { categoriesQuery, refreshCarLists } from '../catalog/index.ts';
import { addProductCategoriesQuery } from '../listings/index.ts';
import { addCategory, deleteCategory, managedCategoriesQuery, updateCategory } from './api.ts';
import { CategoryForm, type CategoryFields } from './category-form.tsx';
import { EditCategoryDialog } from './edit-category-dialog.tsx';

/** Why a category's Delete is disabled. */
const inUse = (cars: number) => `Cannot be deleted: ${cars === 1 ? '1 car is' : `${cars} cars are`} listed in it (sold ones too).`;

/** Categories (admins): the brand categories of the home page, added, edited and deleted here. */
export default function CategoriesPage() {
  const queryClient = useQueryClient();
  const categories = useQuery(managedCategoriesQuery);
  const [editing, setEditing] = useState<ManagedCategory | null>(null);
  const addHeadingId = useId();

  // Categories show on the home page, in the Add A Product form and on every car (its category's name).
  const refresh = () =>
    Promise.all([
      categories.refetch(),
      queryClient.invalidateQueries({ queryKey: categoriesQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: addProductCategoriesQuery.queryKey }),
      refreshCarLists(queryClient),
    ]);

  const add = async ({ name, details, image }: CategoryFields) => {
    // The form asks for a picture before it calls this, so this only stands for the type.
    if (!image) throw new Error('Picture is Required');
    await addCategory({ name, details, image });
    toast.success(`${name} is Added Successfully`);
    await refresh();
  };

  const save = (category: ManagedCategory) => async (fields: CategoryFields) => {
    await updateCategory(category._id, { name: fields.name, details: fields.details, ...(fields.image ? { image: fields.image } : {}) });
    toast.success(`${fields.name} is Updated Successfully`);
    setEditing(null);
    await refresh();
  };

  const remove = useDeleteAction({
    mutationFn: (category: ManagedCategory) => deleteCategory(category._id),
    idOf: (category) => category._id,
    nameOf: (category) => category.name,
    deletedMessage: (category) => `Category ${category.name} Deleted Successfully`,
    afterDelete: refresh,
    // Refused while cars use it: the count shown may have been old.
    afterError: refresh,
  });

  const columns: Column<ManagedCategory>[] = [
    ...pictureAndName<ManagedCategory>('Name', (category) => category.image, (category) => category.name),
    { label: 'Details', className: 'min-w-48 text-sm [overflow-wrap:anywhere]', cell: (category) => category.details },
    {
      label: 'Cars',
      cell: (category) => <span className="badge badge-ghost whitespace-nowrap">{category.cars === 1 ? '1 car' : `${category.cars} cars`}</span>,
    },
    {
      label: 'Actions',
      kind: 'actions',
      cell: (category) => (
        <RowActions>
          <button type="button" className="btn btn-sm btn-outline" disabled={remove.isDeleting(category)} onClick={() => setEditing(category)}>
            Edit
          </button>
          {/* A category cars use cannot be deleted (the server refuses it too): said before any confirmation. */}
          <DeleteButton action={remove} item={category} disabled={category.cars > 0} describedBy={category.cars > 0 ? `in-use-${category._id}` : undefined}>
            Delete
          </DeleteButton>
          {category.cars > 0 ? (
            <span id={`in-use-${category._id}`} className="text-xs text-base-content/70">
              {inUse(category.cars)}
            </span>
          ) : null}
        </RowActions>
      ),
    },
  ];

  return (
    <ListPage
      title="Categories"
      countTestId="categories-count"
      query={categories}
      loadsInPlace
      loadingLabel="Loading categories"
      intro={
        <section className="mb-8 rounded-box border border-base-200 bg-base-100 p-6 shadow-sm" aria-labelledby={addHeadingId}>
          <h2 id={addHeadingId} className="mb-4 text-xl font-semibold">
            Add A Category
          </h2>
          <CategoryForm labelledBy={addHeadingId} submitLabel="Add Category" onSave={add} />
        </section>
      }
      emptyMessage="No categories yet. Add the first one above: the home page lists them and sellers choose one for each car."
      columns={columns}
      rowKey={(category) => category._id}
      leading="picture"
      alignTop
    >
      {editing ? <EditCategoryDialog key={editing._id} category={editing} onSave={save(editing)} onClose={() => setEditing(null)} /> : null}
      <ConfirmDelete {...remove.dialog} />
    </ListPage>
  );
}
