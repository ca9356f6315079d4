import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { CarValue } from '@second-gear/contract';
import { conditions, distanceIn, mileageUnits, vehicleLimits, zipCodeCheck, type Condition, type MileageUnit } from '@second-gear/contract/constants';
import { errorMessage } from '../../lib/errors.ts';
import { formatPrice, formatRadius } from '../../lib/format.ts';
import { SelectField, TextField } from '../../ui/form-field.tsx';
import { signInPath, useAuth, useRole } from '../auth/index.ts';
import { categoriesQuery } from '../catalog/index.ts';
import { addProductPathFor, mileageProblem, modelYearProblem, requiredText } from '../listings/index.ts';
import { ComparablesChart } from '../pricing/index.ts';
import { useDistanceUnit } from '../settings/index.ts';
import { carValueQuery, isAsked, valueFormOf, valueSearchOf, type ValueForm } from './api.ts';

/**
 * What's my car worth? (issue 49): a car described (make, model, model year, mileage, condition, and
 * a ZIP code if the person likes) gets the fair-price range the estimator would give it listed, the
 * similar cars it rests on as a chart, and `List it at this price`. The question lives in the
 * address, so the answer can be shared, and Back goes to the previous car valued.
 */
export default function ValuePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = valueFormOf(searchParams);
  const search = isAsked(asked) ? valueSearchOf(asked).toString() : null;
  const answer = useQuery({ ...carValueQuery(search ?? ''), enabled: search !== null });
  const makes = useQuery(categoriesQuery);
  const form = useForm<ValueForm>({ defaultValues: { ...asked, mileageUnit: asked.mileageUnit || 'mi' } });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  // The Mileage unit starts as the reader's (Settings' Distance unit, else the market's) once known, unless the address gave one.
  const unit = useDistanceUnit();
  const unitAsked = asked.mileageUnit !== '';
  useEffect(() => {
    if (unit && !unitAsked) form.resetField('mileageUnit', { defaultValue: unit });
  }, [unit, unitAsked, form]);

  const onSubmit = (values: ValueForm) => setSearchParams(valueSearchOf(values), { preventScrollReset: true });

  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-6">
      <title>What's my car worth? · Second Gear</title>
      <div>
        <h1 className="text-3xl font-bold">What's my car worth?</h1>
        <p className="mt-2 text-base-content/80">
          Describe your car to see its fair price: where most cars like it on Second Gear are priced, from the same comparison that rates every listed car.
        </p>
      </div>
      <form
        className="grid grid-cols-1 gap-4 rounded-box border border-base-200 bg-base-100 p-4 shadow-sm sm:grid-cols-2 sm:p-6"
        noValidate
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        aria-label="Your car"
      >
        <SelectField label="Make" error={errors.make?.message ?? (makes.isError ? makes.error.message : undefined)} aria-busy={makes.isPending} {...register('make', requiredText('Make'))}>
          <option value="" disabled>
            {makes.isPending ? 'Loading makes…' : 'Select a Make'}
          </option>
          {(makes.data ?? []).map((make) => (
            <option key={make._id} value={make._id}>
              {make.name}
            </option>
          ))}
        </SelectField>
        <TextField label="Model" autoComplete="off" maxLength={vehicleLimits.model} error={errors.model?.message} {...register('model', requiredText('Model'))} />
        <TextField
          label="Model Year"
          inputMode="numeric"
          autoComplete="off"
          error={errors.modelYear?.message}
          {...register('modelYear', { ...requiredText('Model Year'), validate: (value) => (value.trim() === '' ? 'Model Year is Required' : modelYearProblem(value)) })}
        />
        <div className="grid grid-cols-[1fr_auto] items-start gap-2">
          <TextField
            label="Mileage"
            inputMode="numeric"
            autoComplete="off"
            error={errors.mileage?.message}
            {...register('mileage', {
              ...requiredText('Mileage'),
              validate: (value, values) => (value.trim() === '' ? 'Mileage is Required' : mileageProblem(value, values.mileageUnit as MileageUnit)),
            })}
          />
          <SelectField label="Mileage unit" {...register('mileageUnit', { deps: ['mileage'] })}>
            {mileageUnits.map((one) => (
              <option key={one} value={one}>
                {one}
              </option>
            ))}
          </SelectField>
        </div>
        <SelectField label="Condition" error={errors.condition?.message} {...register('condition', requiredText('Condition'))}>
          <option value="" disabled>
            Select a Condition
          </option>
          {conditions.map((condition) => (
            <option key={condition} value={condition}>
              {condition}
            </option>
          ))}
        </SelectField>
        <TextField
          label="ZIP code"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          hint="Optional: how many of the similar cars are near you, and your listing's place."
          error={errors.zip?.message}
          {...register('zip', { validate: zipCodeCheck('ZIP code must be 5 digits.') })}
        />
        <div className="sm:col-span-2">
          <button type="submit" className="btn btn-primary w-full sm:w-auto">
            Value my car
          </button>
        </div>
      </form>
      <section aria-label="Your car’s value" aria-live="polite" aria-busy={answer.isFetching}>
        {search === null ? null : answer.isError ? (
          <p role="alert" className="alert alert-warning">
            {errorMessage(answer.error, 'Your car could not be valued right now. Please try again.')}
          </p>
        ) : answer.data ? (
          <Valuation answer={answer.data} asked={asked} makeName={makes.data?.find((make) => make._id === asked.make)?.name} />
        ) : (
          <p className="text-base-content/80">Looking at similar cars…</p>
        )}
      </section>
    </section>
  );
}

/** The answer: the fair price and range, the cars it rests on (how many, how many near the ZIP code, as a chart), and `List it at this price`; or too few cars to say. */
function Valuation({ answer, asked, makeName }: { answer: CarValue; asked: ValueForm; makeName: string | undefined }) {
  const described = `${asked.modelYear} ${makeName ?? ''} ${asked.model}`.replace(/\s+/g, ' ');
  if (answer.kind === 'not enough data') {
    return (
      <div className="rounded-box bg-base-200 p-4 sm:p-6">
        <h2 className="text-xl font-semibold">Not enough data</h2>
        <p className="mt-2">
          {answer.comparables === 0 ? 'No similar car is' : `Only ${answer.comparables} similar ${answer.comparables === 1 ? 'car is' : 'cars are'}`} on sale for a{' '}
          {described}; a fair price is given from {answer.needed}, so we would rather not guess.
        </p>
      </div>
    );
  }
  const mileageUnit = asked.mileageUnit as MileageUnit;
  const mileageKm = distanceIn(Number(asked.mileage), mileageUnit, 'km');
  return (
    <div className="flex flex-col gap-4 rounded-box bg-base-200 p-4 sm:p-6">
      <h2 className="text-xl font-semibold">Your {described}</h2>
      <p className="text-lg">
        Fair price <strong className="text-2xl">{formatPrice(answer.estimate)}</strong>; most such cars between {formatPrice(answer.low)} and {formatPrice(answer.high)}.
      </p>
      <p className="text-sm text-base-content/80">
        Based on {answer.comparables.length} similar cars on sale (same make and model, within two model years, similar mileage), each price carried over for how it differs
        from yours; cars a listing check flagged are left out.
        {answer.near
          ? ` ${answer.near.comparables} of them ${answer.near.comparables === 1 ? 'is' : 'are'} within ${formatRadius(answer.near.withinMiles, 'mi')} of ${answer.near.zip} (${answer.near.city}, ${answer.near.state}). The ZIP code does not change the fair price, which compares cars across the whole market.`
          : null}
      </p>
      <ComparablesChart comparables={answer.comparables} car={{ mileageKm, estimate: answer.estimate }} unit={mileageUnit} carWords="your car" />
      <ListAtThisPrice
        path={addProductPathFor({
          make: asked.make,
          model: asked.model.trim(),
          modelYear: Number(asked.modelYear),
          mileage: Number(asked.mileage),
          mileageUnit,
          condition: asked.condition as Condition,
          price: answer.estimate,
          ...(answer.near && { zip: answer.near.zip, location: `${answer.near.city}, ${answer.near.state}` }),
        })}
      />
    </div>
  );
}

/** `List it at this price`: Add A Product filled in for a seller; a visitor signs up (or in) as a seller first and arrives there; anyone else is told listing is for sellers. */
function ListAtThisPrice({ path }: { path: string }) {
  const { user } = useAuth();
  const { isSeller, isLoading } = useRole();
  if (user && isLoading) return null;
  if (user && !isSeller) return <p className="rounded-lg bg-base-100 p-3">Listing a car is for seller accounts: this account cannot list one.</p>;
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
      <Link to={user ? path : signInPath('/signup', path)} className="btn btn-primary">
        List it at this price
      </Link>
      {user ? null : (
        <p className="text-sm">
          You sign up as a seller first, or{' '}
          <Link to={signInPath('/login', path)} className="link link-primary inline-block py-2 font-medium">
            log in to your seller account
          </Link>
          .
        </p>
      )}
    </div>
  );
}
