import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { DataExport } from '@second-gear/contract';
import { errorMessage } from '../../lib/errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { dataExportsQuery, requestDataExport } from './api.ts';
import { BusyButton } from '../../ui/busy-button.tsx';

function FileLine({ file }: { file: DataExport }) {
  if (file.state === 'preparing') {
    return (
      <span className="flex items-center gap-2">
        <Spinner size="loading-sm" label="" />
        Preparing the file you asked for on {formatDateTime(file.requestedAt)}…
      </span>
    );
  }
  if (file.state === 'expired' || !file.downloadUrl) return <span className="text-base-content/70">File of {formatDateTime(file.requestedAt)}: expired</span>;
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <a className="link link-primary" href={file.downloadUrl} download>
        Download the file of {formatDateTime(file.readyAt ?? file.requestedAt)}
      </a>
      <span className="text-sm text-base-content/70">until {formatDateTime(file.expiresAt!)}</span>
    </span>
  );
}

/**
 * "Download my data": a JSON file of everything stored about the person, prepared on the server
 * (the list follows it live while it is prepared) and kept for 48 hours.
 */
export function YourDataSection() {
  const queryClient = useQueryClient();
  const files = useQuery(dataExportsQuery);
  const ask = useMutation({
    mutationFn: requestDataExport,
    onSuccess: () => {
      toast.success('We are preparing your file. It appears here in a moment.');
      return queryClient.invalidateQueries({ queryKey: dataExportsQuery.queryKey });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const preparing = files.data?.some((file) => file.state === 'preparing') ?? false;

  return (
    <section id="your-data" aria-labelledby="your-data-title" className="card bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <h2 id="your-data-title" className="card-title">
          Your data
        </h2>
        <p>
          One JSON file of everything Second Gear keeps about you: your profile, cars and their photos, bookings, orders, payments, the messages you wrote, alerts,
          notifications and sign-ins. You can download it for 48 hours; with a confirmed email we also tell you when it is ready.
        </p>
        <div>
          <BusyButton busy={ask.isPending} className="btn btn-outline" onClick={() => ask.mutate()} disabled={preparing}>
            Download my data
          </BusyButton>
        </div>
        {files.isError ? <p className="text-red-700">{errorMessage(files.error)}</p> : null}
        {files.data?.length ? (
          <ul aria-label="Files of your data" aria-live="polite" className="flex flex-col gap-2">
            {files.data.map((file) => (
              <li key={file.id}>
                <FileLine file={file} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
