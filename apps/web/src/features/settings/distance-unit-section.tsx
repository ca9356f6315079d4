import { useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { Profile } from '@second-gear/contract';
import { distanceUnitNames, type DistanceUnit } from '@second-gear/contract/constants';
import { errorMessage } from '../../lib/errors.ts';
import { siteQuery } from '../../lib/site.ts';
import { SelectField } from '../../ui/form-field.tsx';
import { profileKey, saveProfile } from './api.ts';
import { SettingsSection } from './settings-section.tsx';

/** Miles, then Kilometres (distanceUnitNames' order). */
const offered = Object.keys(distanceUnitNames) as DistanceUnit[];

/**
 * Units: `Distance unit`, Miles or Kilometres, for every mileage, filter and alert the person reads;
 * the market's (DISTANCE_UNIT) until they choose. Saved as soon as it is chosen.
 */
export function DistanceUnitSection({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const market = useQuery(siteQuery).data?.distanceUnit;
  const hintId = useId();
  const save = useMutation({
    mutationFn: (distanceUnit: DistanceUnit) => saveProfile({ distanceUnit }),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKey, saved);
      toast.success('Distance unit saved');
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const shown = save.isPending ? save.variables : (profile.distanceUnit ?? market ?? '');
  return (
    <SettingsSection title="Units">
      <SelectField
        label="Distance unit"
        value={shown}
        disabled={save.isPending}
        aria-describedby={hintId}
        onChange={(event) => {
          const unit = offered.find((u) => u === event.target.value);
          if (unit) save.mutate(unit);
        }}
      >
        {shown === '' ? <option value="" /> : null}
        {offered.map((unit) => (
          <option key={unit} value={unit}>
            {distanceUnitNames[unit]}
          </option>
        ))}
      </SelectField>
      <p id={hintId} className="text-sm text-base-content/70">
        Mileages, the search’s Max Mileage and your saved searches are shown in it.
      </p>
    </SettingsSection>
  );
}
