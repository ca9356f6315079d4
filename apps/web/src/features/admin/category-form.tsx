import { useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { ManagedCategory } from '@second-gear/contract';
import { categoryLimits } from '@second-gear/contract/constants';
import { errorMessage } from '../../lib/errors.ts';
import { FileField, TextAreaField, TextField } from '../../ui/form-field.tsx';
import { UploadProgress } from '../../ui/upload-progress.tsx';
import { useFilePreview } from '../../ui/use-file-preview.ts';
import { imageAccept, imageProblem, usePictureUpload } from '../../lib/upload.ts';
import { BusyButton } from '../../ui/busy-button.tsx';

interface CategoryValues {
  name: string;
  details: string;
  picture: FileList | null;
}

export interface CategoryFields {
  name: string;
  details: string;
  /** The uploaded picture's URL; undefined when editing keeps the current picture. */
  image: string | undefined;
}

export interface CategoryFormProps {
  /** The category being edited; absent when adding one (then a picture is required). */
  category?: ManagedCategory;
  /** The form's accessible name (the heading above it). */
  labelledBy: string;
  submitLabel: string;
  /** Saves the fields; throws to keep the form as it is, with the error shown in it. */
  onSave: (fields: CategoryFields) => Promise<void>;
  /** Shown as a Cancel button beside the submit button (the edit dialog). */
  onCancel?: () => void;
}

const required = (label: string) => ({
  required: `${label} is Required`,
  validate: (value: string) => value.trim() !== '' || `${label} is Required`,
});

/** Name, Details and Picture of a brand category: the Add Category form and the edit dialog's. */
export function CategoryForm({ category, labelledBy, submitLabel, onSave, onCancel }: CategoryFormProps) {
  const {
    register,
    handleSubmit,
    trigger,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CategoryValues>({ defaultValues: { name: category?.name ?? '', details: category?.details ?? '', picture: null } });
  const [preview, showPreview] = useFilePreview();
  const { progress, upload } = usePictureUpload();
  // Shown in the form rather than as a toast: in the edit dialog a toast would sit under the modal's backdrop.
  const [saveError, setSaveError] = useState<string | null>(null);

  const pictureField = register('picture', {
    validate: (files) => {
      const file = files?.[0];
      if (!file) return category ? true : 'Picture is Required';
      return imageProblem(file) ?? true;
    },
  });
  const onPictureChange = async (event: ChangeEvent<HTMLInputElement>) => {
    await pictureField.onChange(event);
    const file = event.target.files?.[0];
    showPreview(file && !imageProblem(file) ? file : undefined);
    await trigger('picture');
  };

  const onSubmit = async (values: CategoryValues) => {
    const file = values.picture?.[0];
    setSaveError(null);
    try {
      const image = file ? await upload(file) : undefined;
      await onSave({ name: values.name.trim(), details: values.details.trim(), image });
      if (!category) {
        reset();
        showPreview(undefined);
      }
    } catch (error) {
      setSaveError(errorMessage(error));
    }
  };

  const shown = preview ?? category?.image;
  return (
    <form className="flex flex-col gap-4" noValidate aria-labelledby={labelledBy} aria-busy={isSubmitting} onSubmit={handleSubmit(onSubmit)}>
      <TextField
        label="Name"
        autoComplete="off"
        maxLength={categoryLimits.name}
        error={errors.name?.message}
        {...register('name', required('Name'))}
      />
      <TextAreaField
        label="Details"
        rows={3}
        maxLength={categoryLimits.details}
        hint={`Up to ${categoryLimits.details} characters, shown on the home page.`}
        error={errors.details?.message}
        {...register('details', required('Details'))}
      />
      <FileField
        label="Picture"
        accept={imageAccept}
        hint={category ? 'Choose a file only to replace the picture. JPEG, PNG, WebP or AVIF, up to 10 MB.' : 'JPEG, PNG, WebP or AVIF, up to 10 MB.'}
        error={errors.picture?.message}
        {...pictureField}
        onChange={onPictureChange}
      />
      {shown ? (
        <img src={shown} alt={preview ? 'Preview of the chosen picture' : `Current picture of ${category?.name ?? ''}`} className="aspect-[4/3] w-40 rounded-box object-cover" width={160} height={120} />
      ) : null}
      {progress !== null ? <UploadProgress progress={progress} /> : null}
      {saveError ? (
        <p role="alert" className="alert alert-error alert-soft">
          {saveError}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <BusyButton busy={isSubmitting} type="submit" className="btn btn-primary">
          {submitLabel}
        </BusyButton>
        {onCancel ? (
          <button type="button" className="btn btn-outline" disabled={isSubmitting} onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
