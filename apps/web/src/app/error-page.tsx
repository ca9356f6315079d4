import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useAuth } from '../features/auth/auth-context.ts';
import { useSignOut } from '../features/auth/use-sign-out.ts';
import { Navbar } from './navbar.tsx';
import { SkipLink } from './root-layout.tsx';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    if (error.statusText) return error.statusText;
    if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') return data.message;
    return `Error ${error.status}`;
  }
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'An unexpected error occurred.';
}

function BrokenCarIllustration() {
  return (
    <svg
      role="img"
      aria-labelledby="error-illustration-title"
      viewBox="0 0 320 200"
      width="320"
      height="200"
      className="h-auto w-full max-w-xs"
    >
      <title id="error-illustration-title">A broken-down car with its hood open and a warning sign</title>
      <ellipse cx="160" cy="176" rx="130" ry="10" fill="#0f172a" opacity=".15" />
      <path d="M40 146c0-16 8-24 24-27l40-7 30-28c7-6 15-9 24-9h52c11 0 20 4 28 12l26 26 24 5c13 3 18 11 18 23v10c0 5-4 9-9 9H49c-5 0-9-4-9-9z" fill="#94a3b8" />
      <path d="M214 96l52-34 6 10-44 34z" fill="#64748b" />
      <path d="M112 110l26-24c5-4 11-6 17-6h22v30z" fill="#e2e8f0" />
      <circle cx="94" cy="162" r="22" fill="#1f2937" />
      <circle cx="94" cy="162" r="10" fill="#cbd5e1" />
      <circle cx="236" cy="162" r="22" fill="#1f2937" />
      <circle cx="236" cy="162" r="10" fill="#cbd5e1" />
      <path d="M246 40c6-8 2-14 10-20M262 46c8-6 6-14 14-18" stroke="#94a3b8" strokeWidth="5" strokeLinecap="round" fill="none" />
      <path d="M34 60 58 18l24 42z" fill="#f59e0b" stroke="#b45309" strokeWidth="3" strokeLinejoin="round" />
      <path d="M58 34v12" stroke="#1f2937" strokeWidth="4" strokeLinecap="round" />
      <circle cx="58" cy="52" r="2.5" fill="#1f2937" />
    </svg>
  );
}

/**
 * The route error screen (docs/product.md, "Screens"), with the navigation bar and a way back to
 * browsing as its main action. Sign out is offered only to someone signed in; the navbar leaves
 * its own Sign Out out here, so the screen has one.
 */
export function ErrorPage() {
  const error = useRouteError();
  const { user } = useAuth();
  const signOut = useSignOut({ alwaysToLogin: true });
  useEffect(() => {
    if (!isRouteErrorResponse(error)) console.error(error);
  }, [error]);

  return (
    <div className="flex min-h-screen flex-col bg-base-200 text-base-content">
      <SkipLink />
      <Navbar signOutButton={false} />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col items-center justify-center gap-6 px-6 py-12 text-center">
        <title>Something Went Wrong · Second Gear</title>
        <BrokenCarIllustration />
        <h1 className="text-4xl font-extrabold">Something Went Wrong</h1>
        <p className="max-w-lg text-lg" data-testid="route-error">
          {isRouteErrorResponse(error) ? <span className="font-mono font-semibold">{error.status} </span> : null}
          {describe(error)}
        </p>
        <div className="flex flex-wrap items-center justify-center gap-3">
          <Link to="/" className="btn btn-primary h-11">
            Back to home
          </Link>
          {user ? (
            <button type="button" className="btn btn-outline btn-primary h-11" onClick={signOut}>
              Sign out
            </button>
          ) : null}
          <Link to="/login" className="btn btn-outline btn-primary h-11">
            Log Back In
          </Link>
        </div>
      </main>
    </div>
  );
}
