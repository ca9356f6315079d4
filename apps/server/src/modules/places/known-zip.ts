import { AppError } from '../../errors.ts';
import { placeOfZip, type Place } from './gazetteer.ts';

/** The refusal of a ZIP code of the right shape that is no US ZIP code, as a listing's and Settings' fields show it. */
export const unknownZipWords = (zip: string) => `No US ZIP code ${zip}.`;

/** A ZIP code a person typed (a listing's `ZIP code`, Settings' Near), or a 400 that names it. */
export function knownZip(zip: string): Place {
  const place = placeOfZip(zip);
  if (!place) throw new AppError('BAD_REQUEST', unknownZipWords(zip));
  return place;
}
