import { useId } from 'react';

/**
 * The visible progress of a picture upload (0..1), labelled so that it is announced by name; a form
 * with several uploads names each one (`label`).
 */
export function UploadProgress({ progress, label = 'Uploading image' }: { progress: number; label?: string }) {
  const id = useId();
  const percent = Math.round(progress * 100);
  return (
    <div className="flex max-w-xs flex-col gap-1">
      <label htmlFor={id} className="truncate text-sm font-medium">
        {label}
      </label>
      <progress id={id} className="progress progress-primary w-full" value={percent} max={100}>
        {percent}%
      </progress>
    </div>
  );
}
