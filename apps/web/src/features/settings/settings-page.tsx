import { TwoFactorSettings } from '../two-factor/index.ts';

/** `/dashboard/settings`: the signed-in person's account settings. */
export default function SettingsPage() {
  return (
    <div className="flex max-w-2xl flex-col gap-8">
      <title>Settings · Second Gear</title>
      <h1 className="text-2xl font-bold">Settings</h1>
      <TwoFactorSettings />
    </div>
  );
}
