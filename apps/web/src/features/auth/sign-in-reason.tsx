import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { makeSearchPath } from '@second-gear/contract/constants';
import { categoriesQuery } from '../catalog/index.ts';
import { actionOf, actionWords } from './return-path.ts';

const categoryPath = /^\/category\/([^/?#]+)/;

/**
 * Why a visitor is on the login or sign-up page: the action they pressed (`?then=` of the page to
 * come back to), or the signed-in page they opened (RequireAuth's remembered path). A category is
 * named once the public categories list knows it.
 */
export function SignInReason({ from, verb = 'Sign in' }: { from: string; verb?: 'Sign in' | 'Sign up' }) {
  const categoryId = categoryPath.exec(from)?.[1];
  const categories = useQuery({ ...categoriesQuery, enabled: categoryId !== undefined });
  const action = actionOf(from);
  let reason = `${verb} to continue`;
  // A brand's cars are also public on the search: a visitor need not make an account to see them.
  let browse: { to: string; text: string } | null = null;
  if (action) {
    reason = `${verb} to ${actionWords[action]}`;
  } else if (categoryId !== undefined) {
    const name = categories.data?.find((category) => category._id === categoryId)?.name;
    reason = `${verb} to see the cars in ${name ?? 'this category'}`;
    browse = { to: makeSearchPath(categoryId), text: `Browse ${name ?? 'these'} cars without an account` };
  } else if (from.startsWith('/dashboard/addProduct')) {
    // List it at this price (What's my car worth?): listing is for seller accounts.
    reason = `${verb} as a seller to list your car`;
  } else if (from.startsWith('/dashboard')) {
    reason = `${verb} to open your dashboard`;
  }
  return (
    <div className="flex flex-col items-center gap-1">
      <p className="w-full rounded-lg border border-info/30 bg-info/10 px-3 py-2 text-center font-medium text-info">{reason}</p>
      {browse ? (
        <Link to={browse.to} className="link link-primary inline-block py-2 text-center text-sm font-medium">
          {browse.text}
        </Link>
      ) : null}
    </div>
  );
}
