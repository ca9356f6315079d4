import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { SignedInDevice } from '@second-gear/contract';
import { Spinner } from '../../ui/spinner.tsx';
import { SettingsSection } from './settings-section.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { devicesKey, devicesQuery, signOutDevice, signOutEverywhereElse } from './api.ts';
import { BusyButton } from '../../ui/busy-button.tsx';

/**
 * Signed-in devices: every session of the account, as the server lists it for the caller (browser
 * and system, where from, last seen), this one marked; `Sign out` ends another one,
 * `Sign out everywhere else` ends them all but this one.
 */
export function DevicesSection() {
  const queryClient = useQueryClient();
  const devices = useQuery(devicesQuery());
  const refresh = () => queryClient.invalidateQueries({ queryKey: devicesKey });
  const one = useMutation({
    mutationFn: (device: SignedInDevice) => signOutDevice(device.id),
    onSuccess: (_answer, device) => toast.success(`${device.browser} is signed out`),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: refresh,
  });
  const others = useMutation({
    mutationFn: signOutEverywhereElse,
    onSuccess: ({ signedOut }) => toast.success(signedOut === 1 ? 'One other device is signed out' : `${signedOut} other devices are signed out`),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: refresh,
  });
  const list = devices.data ?? [];
  const hasOthers = list.some((d) => !d.thisDevice);

  return (
    <SettingsSection title="Signed-in devices">
      {devices.isPending ? (
        <Spinner size="loading-md" label="Loading your devices" />
      ) : devices.isError ? (
        <p role="alert" className="alert alert-error">
          {errorMessage(devices.error)}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-base-200">
          {list.map((device) => (
            <li key={device.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div>
                <p className="font-medium">
                  {device.browser}
                  {device.os ? ` on ${device.os}` : ''}
                  {device.thisDevice ? <span className="badge badge-primary ms-2">This device</span> : null}
                </p>
                <p className="text-sm text-base-content/70">
                  {device.place || 'Place unknown'} · Last seen {formatDateTime(device.lastSeenAt)}
                </p>
              </div>
              {device.thisDevice ? null : (
                <button
                  type="button"
                  className="btn btn-sm btn-outline"
                  aria-label={`Sign out ${device.browser}${device.os ? ` on ${device.os}` : ''}, last seen ${formatDateTime(device.lastSeenAt)}`}
                  disabled={one.isPending && one.variables.id === device.id}
                  onClick={() => one.mutate(device)}
                >
                  Sign out
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="card-actions">
        <BusyButton busy={others.isPending} className="btn btn-outline btn-error" disabled={!hasOthers} onClick={() => others.mutate()}>
          Sign out everywhere else
        </BusyButton>
      </div>
    </SettingsSection>
  );
}
