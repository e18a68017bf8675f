/** A search box's label, for screen readers only, and the magnifier that stands in for it on screen. */
export function SearchLabel({ htmlFor, label, iconClassName }: { htmlFor: string; label: string; iconClassName: string }) {
  return (
    <>
      <label htmlFor={htmlFor} className="visually-hidden">
        {label}
      </label>
      <svg className={iconClassName} viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="m16 16 4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </>
  );
}
