import { useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { zipCodePattern, type DistanceUnit } from '@second-gear/contract/constants';
import { errorMessage } from '../../lib/errors.ts';
import { SelectField, TextField } from '../../ui/form-field.tsx';
import { placeOfZipQuery, useMyLocation } from '../places/index.ts';
import { distanceChoiceOf, distanceChoices, filterLabels } from './search-params.ts';

/**
 * The Near field's draft: a ZIP code applies itself once its fifth digit is typed and the server
 * knows it (an unknown one says the server's sentence under the field and searches nothing), a
 * blank one on Enter or leaving the field (so retyping a ZIP code keeps the Distance meanwhile).
 */
export function useNearDraft(params: URLSearchParams, apply: (zip: string) => void) {
  const queryClient = useQueryClient();
  const inAddress = params.get('near') ?? '';
  const [draft, setDraftValue] = useState(inAddress);
  const [seen, setSeen] = useState(inAddress);
  const [problem, setProblem] = useState<string | undefined>();
  // The address changed (Back, a chip, Use my location): the field shows its Near.
  if (inAddress !== seen) {
    setSeen(inAddress);
    setDraftValue(inAddress);
    setProblem(undefined);
  }
  // The ZIP code typed last: an answer about an earlier one is not applied.
  const latest = useRef(inAddress);
  const check = async (zip: string) => {
    try {
      await queryClient.fetchQuery(placeOfZipQuery(zip));
      if (latest.current === zip) apply(zip);
    } catch (error) {
      if (latest.current === zip) setProblem(errorMessage(error));
    }
  };
  const setDraft = (value: string) => {
    const zip = value.trim();
    setDraftValue(value);
    setProblem(undefined);
    latest.current = zip;
    if (zipCodePattern.test(zip) && zip !== inAddress) void check(zip);
  };
  const applyNow = () => {
    const zip = draft.trim();
    if (zip === inAddress.trim()) return;
    if (zip === '') apply('');
    else if (!zipCodePattern.test(zip)) setProblem('Near must be a 5-digit ZIP code.');
  };
  // A ZIP code the server gave (Use my location): known, applied at once.
  return { draft, setDraft, problem, applyNow, choose: apply };
}

export type NearDraft = ReturnType<typeof useNearDraft>;

export interface NearFieldsProps {
  params: URLSearchParams;
  near: NearDraft;
  /** The reader's unit: the Distance choices are in it. */
  unit: DistanceUnit;
  onDistance: (choice: string) => void;
}

/** `Near` (a ZIP code) with `Use my location`, and `Distance` from it (`Any distance` until a Near is set). */
export function NearFields({ params, near, unit, onDistance }: NearFieldsProps) {
  const myLocation = useMyLocation((place) => near.choose(place.zip));
  const hasNear = (params.get('near') ?? '').trim() !== '';
  const distanceHintId = useId();
  return (
    <>
      <div className="flex flex-col gap-2">
        <TextField
          label={filterLabels.near}
          name="near"
          value={near.draft}
          onChange={(event) => near.setDraft(event.target.value)}
          onBlur={near.applyNow}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          placeholder="ZIP code"
          error={near.problem}
        />
        <button type="button" className="btn btn-outline btn-sm h-11 self-start" disabled={myLocation.busy} aria-busy={myLocation.busy} onClick={() => void myLocation.locate()}>
          {myLocation.busy ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
          Use my location
        </button>
        {/* Always in the page, empty until there is something to say, so a screen reader hears it when it comes. */}
        <p role="status" className="text-sm text-red-700 empty:hidden">
          {myLocation.problem}
        </p>
      </div>
      <SelectField
        label={filterLabels.distance}
        value={distanceChoiceOf(params)}
        disabled={!hasNear}
        aria-describedby={distanceHintId}
        onChange={(event) => onDistance(event.target.value)}
      >
        {distanceChoices(params, unit).map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </SelectField>
      {/* One line either way, so setting a Near moves nothing below. */}
      <p id={distanceHintId} className="-mt-2 text-xs text-base-content/60">
        {hasNear ? 'From the centre of that ZIP code.' : 'Needs a Near to measure from.'}
      </p>
    </>
  );
}
