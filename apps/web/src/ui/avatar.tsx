import { useState } from 'react';
import { UserIcon } from './icons.tsx';

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((part) => part?.[0] ?? '').join('').toUpperCase() || '?';
}

export interface AvatarProps {
  name: string;
  photo: string | null | undefined;
  size?: number;
  /**
   * Set where the picture stands for the person on its own (the signed-in user in the navbar): it is
   * then an image with this accessible name and tooltip, and a person icon when there is no photo.
   * Left out where the name is written next to it (a table row): decorative, with their initials.
   */
  label?: string;
  /** Extra classes of the round frame (a ring, say). */
  className?: string;
}

/** A round picture of a person, or a stand-in when there is none (or it fails to load). */
export function Avatar({ name, photo, size = 40, label, className = '' }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const showPhoto = Boolean(photo) && failed !== photo;
  // Labelled: the frame is the image until the photo (which then carries the name) has loaded.
  const frameSemantics = label ? (showPhoto ? {} : { role: 'img', 'aria-label': label, title: label }) : { 'aria-hidden': true };
  return (
    <span
      className={`inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-neutral text-sm font-semibold text-neutral-content ${className}`}
      style={{ width: size, height: size }}
      {...frameSemantics}
    >
      {showPhoto ? (
        <img
          src={photo ?? undefined}
          alt={label ?? ''}
          title={label}
          width={size}
          height={size}
          loading={label ? undefined : 'lazy'}
          decoding="async"
          referrerPolicy="no-referrer"
          className="h-full w-full object-cover"
          onError={() => setFailed(photo ?? null)}
        />
      ) : label ? (
        <UserIcon className="h-6 w-6" />
      ) : (
        initialsOf(name)
      )}
    </span>
  );
}
