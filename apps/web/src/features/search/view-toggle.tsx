import type { SearchView } from './map-params.ts';

const views: { view: SearchView; label: string }[] = [
  { view: 'list', label: 'List' },
  { view: 'map', label: 'Map' },
];

/** `List` / `Map`: two buttons, the shown view pressed (`view=map` in the address). */
export function ViewToggle({ view, onChange }: { view: SearchView; onChange: (view: SearchView) => void }) {
  return (
    <div role="group" aria-label="View" className="join">
      {views.map((option) => (
        <button
          key={option.view}
          type="button"
          aria-pressed={view === option.view}
          className={`btn join-item h-11 min-w-20 ${view === option.view ? 'btn-primary' : 'btn-outline btn-primary'}`}
          onClick={() => onChange(option.view)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** While the address searches an area of the map (`bounds`): says so in both views, and offers every area again. */
export function SearchAreaNote({ onClear }: { onClear: () => void }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-base-content/80">
      Only cars in the map’s area
      <button type="button" className="btn btn-ghost btn-sm h-11 text-primary" onClick={onClear}>
        Clear map area
      </button>
    </p>
  );
}
