import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errors.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { DeleteAccountSection, YourDataSection } from '../leaving/index.ts';
import { TwoFactorSettings } from '../two-factor/index.ts';
import { profileQuery } from './api.ts';
import { DevicesSection } from './devices-section.tsx';
import { DistanceUnitSection } from './distance-unit-section.tsx';
import { EmailSection } from './email-section.tsx';
import { NearSection } from './near-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { ProfileSection } from './profile-section.tsx';

/** Settings (`/dashboard/settings`, every role): one section per concern, each in a file of its own. */
export default function SettingsPage() {
  const profile = useQuery(profileQuery());
  return (
    <div className="flex flex-col gap-6">
      <title>Settings · Second Gear</title>
      <h1 className="text-2xl font-bold">Settings</h1>
      {profile.isPending ? (
        <Spinner size="loading-md" label="Loading your settings" />
      ) : profile.isError ? (
        <p role="alert" className="alert alert-error">
          {errorMessage(profile.error)}
        </p>
      ) : (
        <>
          <ProfileSection profile={profile.data} />
          <DistanceUnitSection profile={profile.data} />
          <NearSection profile={profile.data} />
          <EmailSection profile={profile.data} />
          <PasswordSection profile={profile.data} />
          <TwoFactorSettings />
          <DevicesSection />
          <YourDataSection />
          <DeleteAccountSection hasPassword={profile.data.password} />
        </>
      )}
    </div>
  );
}
