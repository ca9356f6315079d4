import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { Profile } from '@second-gear/contract';
import { searchRadii, zipCodeCheck } from '@second-gear/contract/constants';
import { errorMessage } from '../../lib/errors.ts';
import { fieldRefusals } from '../../lib/field-refusals.ts';
import { formatRadius } from '../../lib/format.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { SelectField, TextField } from '../../ui/form-field.tsx';
import { profileKey, saveProfile } from './api.ts';
import { useDistanceUnit } from './distance-unit.ts';
import { SettingsSection } from './settings-section.tsx';

interface NearValues {
  nearZip: string;
  /** A radius of searchRadii, or '' for any distance. */
  searchRadius: string;
}

const valuesOf = (profile: Profile): NearValues => ({ nearZip: profile.nearZip ?? '', searchRadius: profile.searchRadius === null ? '' : String(profile.searchRadius) });

/** The body the section saves: nothing kept for a blank field. */
export function nearBody({ nearZip, searchRadius }: NearValues): Pick<Profile, 'nearZip' | 'searchRadius'> {
  return { nearZip: nearZip.trim() || null, searchRadius: searchRadius === '' ? null : Number(searchRadius) };
}

/** Near's own check, in the server's words (the server then says whether it is a US ZIP code). */
export const nearZipProblem = zipCodeCheck('Near must be a 5-digit ZIP code');

/**
 * Search area: `Near` (a ZIP code) and `Distance` in the person's unit, the ones `/search` opens
 * with and every card measures from. The search keeps them here too when the person changes them there.
 */
export function NearSection({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const unit = useDistanceUnit() ?? 'mi';
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<NearValues>({ defaultValues: valuesOf(profile) });
  useEffect(() => reset(valuesOf(profile)), [profile, reset]);

  const save = useMutation({
    mutationFn: (values: NearValues) => saveProfile(nearBody(values)),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKey, saved);
      toast.success('Search area saved');
    },
    onError: (error) => {
      const refused = fieldRefusals(error);
      const field = (['nearZip', 'searchRadius'] as const).find((name) => refused[name]);
      if (field) setError(field, { type: 'server', message: refused[field] }, { shouldFocus: true });
      else toast.error(errorMessage(error));
    },
  });

  return (
    <SettingsSection title="Search area">
      <form className="flex flex-col gap-4" noValidate onSubmit={handleSubmit((values) => save.mutateAsync(values).catch(() => undefined))}>
        <p className="text-sm text-base-content/70">The search opens near here, and cars say how far they are from it. Changing them on the search keeps them here too.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Near"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            placeholder="ZIP code"
            error={errors.nearZip?.message}
            {...register('nearZip', { validate: nearZipProblem })}
          />
          <SelectField label="Distance" error={errors.searchRadius?.message} {...register('searchRadius')}>
            <option value="">Any distance</option>
            {searchRadii.map((radius) => (
              <option key={radius} value={String(radius)}>
                {formatRadius(radius, unit)}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="card-actions">
          <BusyButton busy={isSubmitting} type="submit" className="btn btn-primary">
            Save
          </BusyButton>
        </div>
      </form>
    </SettingsSection>
  );
}
