import { useQuery } from '@tanstack/react-query';
import { categoriesQuery } from '../catalog/index.ts';

const categoryPath = /^\/category\/([^/?#]+)/;

/**
 * Why a visitor was sent to the login page: the signed-in page they opened (RequireAuth's
 * remembered path, or a car page's Sign in to book). A category is named once the public categories list knows it.
 */
export function SignInReason({ from }: { from: string }) {
  const categoryId = categoryPath.exec(from)?.[1];
  const categories = useQuery({ ...categoriesQuery, enabled: categoryId !== undefined });
  let reason = 'Sign in to continue';
  if (categoryId !== undefined) {
    const name = categories.data?.find((category) => category._id === categoryId)?.name;
    reason = `Sign in to see the cars in ${name ?? 'this category'}`;
  } else if (from.startsWith('/cars/')) {
    reason = 'Sign in to see and book this car';
  } else if (from.startsWith('/dashboard')) {
    reason = 'Sign in to open your dashboard';
  }
  return <p className="rounded-lg border border-info/30 bg-info/10 px-3 py-2 text-center font-medium text-info">{reason}</p>;
}
