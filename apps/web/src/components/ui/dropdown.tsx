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
  /**
   * Called when the toggle is about to be used (pointer over or down, focus, opening): the moment
   * to hydrate a panel that hydrates on demand (lib/islands.tsx), ahead of the first tap inside.
   */
  onIntent?(): void;
  children: ReactNode;
}

/**
 * A <details> menu: opens without JavaScript (server-rendered pages too); with it, closes on
 * Escape, on a click outside and after a link inside is followed.
 */
export function Dropdown({ label, ariaLabel, className, toggleClassName, align = 'end', onIntent, children }: DropdownProps) {
  const ref = useRef<HTMLDetailsElement>(null);
  const intent = useRef(onIntent);
  intent.current = onIntent;

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    // Native listeners: a panel not yet hydrated gets no React events. Opened before the page
    // hydrated, it is about to be used now.
    const onUse = () => intent.current?.();
    const uses = ['pointerover', 'pointerdown', 'focusin', 'toggle'] as const;
    for (const type of uses) details.addEventListener(type, onUse);
    if (details.open) onUse();
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
      for (const type of uses) details.removeEventListener(type, onUse);
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
