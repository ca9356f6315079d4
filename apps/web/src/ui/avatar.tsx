import { useState } from 'react';

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((part) => part?.[0] ?? '').join('').toUpperCase() || '?';
}

/**
 * A round picture of a person, or their initials when there is none (or it fails to load).
 * Decorative: the name is always written next to it.
 */
export function Avatar({ name, photo, size = 40 }: { name: string; photo: string | null | undefined; size?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const showPhoto = Boolean(photo) && failed !== photo;
  return (
    <span
      className="inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-neutral text-sm font-semibold text-neutral-content"
      style={{ width: size, height: size }}
      aria-hidden="true"
    >
      {showPhoto ? (
        <img
          src={photo ?? undefined}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          className="h-full w-full object-cover"
          onError={() => setFailed(photo ?? null)}
        />
      ) : (
        initialsOf(name)
      )}
    </span>
  );
}
