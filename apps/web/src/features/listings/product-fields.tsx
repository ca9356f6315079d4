import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import type { AddProductCategory } from '@second-gear/contract';
import { conditions, productLimits } from '@second-gear/contract/constants';
import { SelectField, TextAreaField, TextField } from '../../ui/form-field.tsx';
import { priceRule, requiredText, yearOfPurchaseProblem, zipProblem, type ProductFormValues } from './product-form-values.ts';
import { useZipFillsLocation } from './use-zip-location.ts';

export interface ProductFieldsProps {
  form: UseFormReturn<ProductFormValues>;
  /** The categories a car may be listed in (the Category select's options). */
  categories: UseQueryResult<AddProductCategory[]>;
  /** What similar cars sell for, under Resale Price. */
  priceHint: string;
  /** A line under both prices, the width of the form (the platform's fee). */
  priceNote?: ReactNode;
}

/** The Add A Product form's own fields (section 5 of the specification), before the cover and the photos. */
export function ProductFields({ form, categories, priceHint, priceNote }: ProductFieldsProps) {
  const {
    register,
    formState: { errors },
  } = form;
  const fillLocation = useZipFillsLocation(form);
  return (
    <>
      <div className="md:col-span-2">
        <TextField
          label="Product Name"
          autoComplete="off"
          maxLength={productLimits.productName}
          error={errors.productName?.message}
          {...register('productName', requiredText('Product Name'))}
        />
      </div>
      <SelectField
        label="Category"
        error={errors.categoryId?.message ?? (categories.isError ? categories.error.message : undefined)}
        aria-busy={categories.isPending}
        {...register('categoryId', { required: 'Category is Required' })}
      >
        <option value="" disabled>
          {categories.isPending ? 'Loading categories…' : 'Select a Category'}
        </option>
        {(categories.data ?? []).map((category) => (
          <option key={category._id} value={category._id}>
            {category.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Condition" error={errors.condition?.message} {...register('condition', { required: 'Condition is Required' })}>
        <option value="" disabled>
          Select a Condition
        </option>
        {conditions.map((condition) => (
          <option key={condition} value={condition}>
            {condition}
          </option>
        ))}
      </SelectField>
      <div className="md:col-span-2">
        <TextAreaField
          label="Product Description"
          rows={5}
          maxLength={productLimits.description}
          error={errors.description?.message}
          {...register('description', requiredText('Product Description'))}
        />
      </div>
      <TextField
        label="Original Price"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        error={errors.originalPrice?.message}
        {...register('originalPrice', priceRule('Original Price'))}
      />
      <TextField
        label="Resale Price"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        error={errors.resalePrice?.message}
        hint={priceHint}
        {...register('resalePrice', priceRule('Resale Price'))}
      />
      {priceNote}
      <TextField
        label="Year of Purchase"
        inputMode="numeric"
        maxLength={4}
        placeholder="e.g. 2019"
        error={errors.yearsOfUse?.message}
        {...register('yearsOfUse', { required: 'Year of Purchase is Required', validate: yearOfPurchaseProblem })}
      />
      <TextField
        label="Mobile No."
        type="tel"
        maxLength={productLimits.mobile}
        autoComplete="tel"
        error={errors.mobile?.message}
        {...register('mobile', requiredText('Mobile No.'))}
      />
      {/* ZIP code first: it fills Location, which the seller may then change. */}
      <TextField
        label="ZIP code"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        hint="Optional. Fills Location; the car is shown at the ZIP code’s centre, never at your address."
        error={errors.zip?.message}
        {...register('zip', { validate: zipProblem, onChange: (event: { target: HTMLInputElement }) => void fillLocation(event.target.value) })}
      />
      <TextField
        label="Location"
        autoComplete="address-level2"
        maxLength={productLimits.location}
        error={errors.location?.message}
        {...register('location', requiredText('Location'))}
      />
    </>
  );
}
