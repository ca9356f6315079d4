import { useId, type ChangeEvent } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { bodyTypes, checkVin, fuels, mileageUnits, transmissions, vehicleLimits, type VinCheck } from '@second-gear/contract/constants';
import { SelectField, TextField } from '../../ui/form-field.tsx';
import { mileageProblem, modelYearProblem, normalVin, type ProductFormValues } from './product-form-values.ts';

export interface VehicleDetailsFieldsProps {
  form: UseFormReturn<ProductFormValues>;
  /** The chosen Category's name (the car's make), to compare with the make the VIN names. */
  categoryName: string | undefined;
}

function vinRule(value: string): string | true {
  if (normalVin(value) === '') return true;
  const checked = checkVin(value);
  return checked.ok || checked.message;
}

/** What a valid VIN tells, in a few words ("2003 Honda"), and whether it agrees with the Category. */
function vinStatus(checked: VinCheck, categoryName: string | undefined): string {
  if (!checked.ok) return '';
  const decoded = [checked.modelYear, checked.make].filter((part) => part !== undefined).join(' ');
  const parts = [decoded ? `VIN checks out: ${decoded}.` : 'VIN checks out.'];
  if (checked.make && categoryName && checked.make.toLowerCase() !== categoryName.toLowerCase()) {
    parts.push(`This VIN belongs to a ${checked.make}; the category is ${categoryName}.`);
  }
  return parts.join(' ');
}

/** The optional details of a car ("More details"), under the specification's fields. */
export function VehicleDetailsFields({ form, categoryName }: VehicleDetailsFieldsProps) {
  const headingId = useId();
  const {
    register,
    getValues,
    setValue,
    trigger,
    control,
    formState: { errors },
  } = form;
  const vin = useWatch({ control, name: 'vin' });
  const checked = normalVin(vin) === '' ? null : checkVin(vin);

  const vinField = register('vin', { validate: vinRule });
  const onVinChange = async (event: ChangeEvent<HTMLInputElement>) => {
    await vinField.onChange(event);
    const typed = checkVin(event.target.value);
    // Said while typing once a message shows or the VIN is long enough to judge; otherwise on leaving the field.
    if (errors.vin || normalVin(event.target.value).length >= 17) await trigger('vin');
    if (typed.ok && typed.modelYear !== undefined && getValues('modelYear').trim() === '') {
      setValue('modelYear', String(typed.modelYear), { shouldValidate: true });
    }
  };

  return (
    <section aria-labelledby={headingId} className="grid grid-cols-1 gap-4 md:col-span-2 md:grid-cols-2">
      <div className="md:col-span-2">
        <h2 id={headingId} className="text-xl font-semibold">
          More details
        </h2>
        <p className="text-sm text-base-content/80">All optional: buyers find and trust a car with details sooner.</p>
      </div>
      <TextField label="Model" autoComplete="off" maxLength={vehicleLimits.model} error={errors.model?.message} {...register('model')} />
      <TextField
        label="Model Year"
        inputMode="numeric"
        maxLength={4}
        placeholder="e.g. 2019"
        error={errors.modelYear?.message}
        {...register('modelYear', { validate: modelYearProblem })}
      />
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <TextField
            label="Mileage"
            inputMode="numeric"
            autoComplete="off"
            error={errors.mileage?.message}
            {...register('mileage', { validate: (value, values) => mileageProblem(value, values.mileageUnit) })}
          />
        </div>
        <div className="w-28 shrink-0">
          <SelectField label="Mileage unit" {...register('mileageUnit', { deps: ['mileage'] })}>
            {mileageUnits.map((unit) => (
              <option key={unit} value={unit}>
                {unit}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      <SelectField label="Fuel" error={errors.fuel?.message} {...register('fuel')}>
        <option value="">—</option>
        {fuels.map((fuel) => (
          <option key={fuel}>{fuel}</option>
        ))}
      </SelectField>
      <SelectField label="Transmission" error={errors.transmission?.message} {...register('transmission')}>
        <option value="">—</option>
        {transmissions.map((transmission) => (
          <option key={transmission}>{transmission}</option>
        ))}
      </SelectField>
      <SelectField label="Body Type" error={errors.bodyType?.message} {...register('bodyType')}>
        <option value="">—</option>
        {bodyTypes.map((bodyType) => (
          <option key={bodyType}>{bodyType}</option>
        ))}
      </SelectField>
      <TextField label="Colour" autoComplete="off" maxLength={vehicleLimits.colour} error={errors.colour?.message} {...register('colour')} />
      <div className="flex flex-col gap-1">
        <TextField
          label="VIN"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          className="font-mono uppercase"
          error={errors.vin?.message}
          {...vinField}
          onChange={onVinChange}
          onBlur={async (event) => {
            await vinField.onBlur(event);
            await trigger('vin');
          }}
        />
        {/* Two lines kept for the VIN's news, so the form below does not move when it appears. */}
        <p role="status" className="min-h-10 text-sm text-base-content/80">
          {checked && !errors.vin ? vinStatus(checked, categoryName) : ''}
        </p>
      </div>
    </section>
  );
}
