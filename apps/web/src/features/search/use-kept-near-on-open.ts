import { useEffect, useEffectEvent, useState } from 'react';
import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { searchParamsNow } from '../../lib/search-params-now.ts';
import { siteQuery } from '../../lib/site.ts';
import { useDistanceUnit, useKeptNear } from '../settings/index.ts';
import { keptNearOf, withKeptNear } from './search-params.ts';

/**
 * The search opens near the reader as they left it (withKeptNear: a shared link's own filters win).
 * Decided once, on the address the page opened with, when the reader's kept Near and unit are known;
 * until the address carries it, `opening` is true and the page shows no results, so none show that
 * are not the reader's. The Near is added to the address as it stands then: a choice the person made
 * in the meantime (on the drawn page, before the app took it over) stays.
 */
export function useKeptNearOnOpen(params: URLSearchParams, replace: (next: URLSearchParams) => void): { opening: boolean } {
  const location = useLocation();
  // The first page of the visit (a link from outside, a bookmark): the router has given it no key yet.
  const [fromOutside] = useState(() => location.key === 'default');
  const [opened] = useState(params);
  const { kept } = useKeptNear();
  // A kept Distance is in the reader's unit. A market that cannot say its unit does not hold the
  // search back: miles then, as the API reads a Distance without one.
  const siteFailing = useQuery(siteQuery).failureCount > 0;
  const unit = useDistanceUnit() ?? (siteFailing ? 'mi' : undefined);
  // While adding it: the address drawn when it was decided. The next one drawn carries it (or a
  // change the person made after it, built on it).
  const [state, setState] = useState<'deciding' | { drawn: string } | 'open'>('deciding');
  if (state === 'deciding' && kept !== undefined && (unit !== undefined || !kept.nearZip || kept.searchRadius === null)) {
    setState(withKeptNear(opened, kept, unit ?? 'mi', fromOutside) === opened ? 'open' : { drawn: params.toString() });
  }
  if (typeof state === 'object' && params.toString() !== state.drawn) setState('open');
  const addKeptNear = useEffectEvent(() => {
    const now = searchParamsNow();
    // Not a link's own filters now, whatever the person chose since: only a Near or Distance of theirs wins.
    const next = withKeptNear(now, kept, unit ?? 'mi', false);
    if (next === now) setState('open');
    else replace(next);
  });
  useEffect(() => {
    if (typeof state === 'object') addKeptNear();
  }, [state]);
  return { opening: state !== 'open' };
}

/**
 * Keeps the reader's Near and Distance when a change of theirs on the page changes them (not when a
 * link or Back brings others): the next search opens with them, and every card says how far from there.
 */
export function useKeepNear() {
  const { keep } = useKeptNear();
  return (before: URLSearchParams, after: URLSearchParams, unit: Parameters<typeof keptNearOf>[1]) => {
    const [was, is] = [keptNearOf(before, unit), keptNearOf(after, unit)];
    if (was.nearZip !== is.nearZip || was.searchRadius !== is.searchRadius) keep(is);
  };
}
