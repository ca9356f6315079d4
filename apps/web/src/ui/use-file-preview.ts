import { useEffect, useRef, useState } from 'react';

/**
 * A preview URL of a chosen file: each new file replaces (and revokes) the last object URL, and the
 * last one is revoked on unmount, so a form used many times keeps no picture in memory.
 */
export function useFilePreview(): [preview: string | null, show: (file: File | undefined) => void] {
  const [preview, setPreview] = useState<string | null>(null);
  const current = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
      current.current = null;
    },
    [],
  );
  const show = (file: File | undefined) => {
    if (current.current) URL.revokeObjectURL(current.current);
    current.current = file ? URL.createObjectURL(file) : null;
    setPreview(current.current);
  };
  return [preview, show];
}
