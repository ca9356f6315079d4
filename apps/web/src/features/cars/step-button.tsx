/** Previous or Next over a picture's side: 44 px round, for a mouse or a keyboard's Enter. */
export function StepButton({ direction, onClick }: { direction: 'previous' | 'next'; onClick: () => void }) {
  const previous = direction === 'previous';
  return (
    <button
      type="button"
      aria-label={previous ? 'Previous photo' : 'Next photo'}
      onClick={onClick}
      className={`btn btn-circle absolute top-1/2 z-10 h-11 min-h-11 w-11 -translate-y-1/2 border-0 bg-base-100/85 text-base-content shadow ${previous ? 'left-2' : 'right-2'}`}
    >
      <span aria-hidden="true" className="text-xl leading-none">
        {previous ? '‹' : '›'}
      </span>
    </button>
  );
}
