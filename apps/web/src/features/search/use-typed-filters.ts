import { useEffect, useRef, useState } from 'react';
import type { DistanceUnit } from '@second-gear/contract/constants';
import { textFilters, typedValueOf, type TextFilter } from './search-params.ts';

/** How long typing pauses before a text filter applies itself. */
const typingPause = 600;

/** Per field, what the person typed and has not applied yet, shown instead of the address's value (Max Mileage in `unit`). */
export function useTypedFilters(params: URLSearchParams, unit: DistanceUnit, onApply: (values: [TextFilter, string][]) => void) {
  const inAddress = Object.fromEntries(textFilters.map((name) => [name, typedValueOf(params, name, unit)])) as Record<TextFilter, string>;
  const [drafts, setDrafts] = useState(inAddress);
  const [seen, setSeen] = useState(inAddress);
  // The address changed (Back, Forward, a button on the page): the fields show its values, keeping
  // what is being typed in the others.
  const moved = textFilters.filter((name) => inAddress[name] !== seen[name]);
  if (moved.length > 0) {
    setSeen(inAddress);
    setDrafts((current) => ({ ...current, ...Object.fromEntries(moved.map((name) => [name, inAddress[name]])) }));
  }

  const pending = textFilters.filter((name) => drafts[name].trim() !== inAddress[name].trim());
  const pendingValues = pending.map((name): [TextFilter, string] => [name, drafts[name]]);
  const apply = useRef(onApply);
  useEffect(() => {
    apply.current = onApply;
  });
  const pendingKey = JSON.stringify(pendingValues);
  useEffect(() => {
    const values = JSON.parse(pendingKey) as [TextFilter, string][];
    if (values.length === 0) return;
    const timer = setTimeout(() => apply.current(values), typingPause);
    return () => clearTimeout(timer);
  }, [pendingKey]);

  return {
    drafts,
    setDraft: (name: TextFilter, value: string) => setDrafts((current) => ({ ...current, [name]: value })),
    applyNow: () => {
      if (pendingValues.length > 0) onApply(pendingValues);
    },
  };
}
