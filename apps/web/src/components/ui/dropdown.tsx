import { useEffect, useRef, type ReactNode } from 'react';
import styles from './dropdown.module.css';

export interface DropdownProps {
  /** What the toggle shows. */
  label: ReactNode;
  /** Accessible name of the toggle when `label` is an icon or a short code. */
  ariaLabel?: string;
  /** Of the <details>, for the place a layout gives it. */
  className?: string;
  toggleClassName?: string;
  align?: 'start' | 'end';
  children: ReactNode;
}

/**
 * A <details> menu: opens without JavaScript (server-rendered pages too); with it, closes on
 * Escape, on a click outside and after a link inside is followed.
 */
export function Dropdown({ label, ariaLabel, className, toggleClassName, align = 'end', children }: DropdownProps) {
  const ref = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onClick = (event: MouseEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && details.open) {
        details.open = false;
        details.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  const closeAfterLink = (event: React.MouseEvent) => {
    if ((event.target as Element).closest('a') && ref.current) ref.current.open = false;
  };

  return (
    <details ref={ref} className={`${styles.dropdown} ${className ?? ''}`}>
      <summary className={`${styles.toggle} ${toggleClassName ?? ''}`} aria-label={ariaLabel}>
        {label}
      </summary>
      <div className={`${styles.panel} ${align === 'start' ? styles.start : styles.end}`} onClick={closeAfterLink}>
        {children}
      </div>
    </details>
  );
}
