import { useQuery } from '@tanstack/react-query';
import type { DistanceUnit } from '@second-gear/contract/constants';
import { siteQuery } from '../../lib/site.ts';
import { useAuth } from '../auth/index.ts';
import { profileQuery } from './api.ts';

/**
 * The unit a person reads distances in: the one they chose in Settings (Distance unit), else the
 * market's (DISTANCE_UNIT, from `GET /api/site`). Undefined until that is known, so that a mileage
 * is shown as its seller gave it rather than in a unit that then changes under the reader's eyes.
 */
export function useDistanceUnit(): DistanceUnit | undefined {
  const { user, ready } = useAuth();
  const market = useQuery(siteQuery).data?.distanceUnit;
  // Read by every card: asked once, then kept until Settings saves a new one (which writes it into the cache).
  const profile = useQuery({ ...profileQuery(), enabled: Boolean(user), staleTime: Infinity });
  if (!ready || (user && profile.isPending)) return undefined;
  return (user ? profile.data?.distanceUnit : null) ?? market;
}
