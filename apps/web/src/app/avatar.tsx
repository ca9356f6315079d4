import { useState } from 'react';
import { UserIcon } from '../ui/icons.tsx';

/** The user's photo, or a placeholder icon when there is none (or it does not load); the display name is its tooltip. */
export function Avatar({ name, image }: { name: string; image: string | null | undefined }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const label = name || 'Signed-in user';

  if (image && failedSrc !== image) {
    return (
      <div className="avatar">
        <div className="h-10 w-10 rounded-full ring-2 ring-primary/30 ring-offset-2 ring-offset-base-100">
          <img
            src={image}
            alt={label}
            title={label}
            width={40}
            height={40}
            referrerPolicy="no-referrer"
            onError={() => setFailedSrc(image)}
          />
        </div>
      </div>
    );
  }

  return (
    <div className="avatar avatar-placeholder">
      <span
        role="img"
        aria-label={label}
        title={label}
        className="flex h-10 w-10 items-center justify-center rounded-full bg-neutral text-neutral-content ring-2 ring-primary/30 ring-offset-2 ring-offset-base-100"
      >
        <UserIcon className="h-6 w-6" />
      </span>
    </div>
  );
}
