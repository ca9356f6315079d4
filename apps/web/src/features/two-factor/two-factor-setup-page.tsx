import { Link } from 'react-router';
import { PageSpinner } from '../../ui/spinner.tsx';
import { useTwoFactorStatus } from './api.ts';
import { TwoFactorSettings } from './two-factor-settings.tsx';

/**
 * Where an admin without two-factor sign-in is taken before any admin page (`/dashboard/two-factor-setup`):
 * the server refuses their admin calls until it is on. Once on (and the backup codes put away), the admin pages open.
 */
export default function TwoFactorSetupPage() {
  const status = useTwoFactorStatus();
  if (status.isPending) return <PageSpinner label="Loading two-factor sign-in" />;
  const done = status.data?.enabled === true && !status.data.required;
  // A card, as the sign-in pages are: this is the last step of an admin's sign-in.
  return (
    <div className="card border border-base-200 bg-base-100 shadow-xl">
      <div className="card-body gap-6 p-6 sm:p-8">
        <title>Two-factor sign-in · Second Gear</title>
        <h1 className="text-2xl font-bold">Turn on two-factor sign-in</h1>
        <p>
          Admins sign in with their password and a code from an app on their phone, so that a stolen password alone cannot open the
          admin pages. Turn it on to continue.
        </p>
        <TwoFactorSettings />
        {done ? (
          <Link to="/dashboard" className="btn btn-primary min-h-11 self-start">
            Continue to the dashboard
          </Link>
        ) : null}
      </div>
    </div>
  );
}
