import { useCallback, useState, type InputHTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import styles from './combobox.module.css';

/** Whether the list is open and which option the arrows are on; the form holds it so it can close the list itself. */
export function useCombobox() {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const close = useCallback(() => {
    setOpen(false);
    setActive(-1);
  }, []);
  return { open, setOpen, active, setActive, close };
}

export type ComboboxState = ReturnType<typeof useCombobox>;

export type ComboboxProps<T> = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'role' | 'children'> & {
  /** From useCombobox. */
  box: ComboboxState;
  /** The id of the listbox; its options are `${listId}-${index}`. */
  listId: string;
  /** The listbox's accessible name. */
  listLabel: string;
  value: string;
  /** The text typed (the list opens on it, no option active). */
  onType(text: string): void;
  suggestions: readonly T[];
  suggestionKey(suggestion: T): string;
  renderSuggestion(suggestion: T): ReactNode;
  /** A click, or Enter on the active option. The list closes. */
  onPick(suggestion: T): void;
  /** Enter with no active option picks the first one (a field that only takes a suggestion); otherwise Enter submits the form. */
  enterPicksFirst?: boolean;
  /** Of the frame around input and list, for the place a layout gives it. */
  frameClassName?: string;
  optionTestId?: string;
  /** Before the input inside the frame: a label or an icon. */
  before?: ReactNode;
};

/**
 * A text input with a listbox of suggestions (the ARIA combobox pattern): arrows move the active
 * option (aria-activedescendant), Enter picks it, Escape closes the list, a click picks one.
 */
export function Combobox<T>({
  box,
  listId,
  listLabel,
  value,
  onType,
  suggestions,
  suggestionKey,
  renderSuggestion,
  onPick,
  enterPicksFirst = false,
  frameClassName,
  optionTestId,
  before,
  onFocus,
  onBlur,
  onKeyDown,
  ...input
}: ComboboxProps<T>) {
  const { open, setOpen, active, setActive, close } = box;
  const expanded = open && suggestions.length > 0;
  const pick = (suggestion: T) => {
    close();
    onPick(suggestion);
  };

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (count === 0 ? -1 : (i + 1) % count));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (count === 0 ? -1 : (i <= 0 ? count : i) - 1));
    } else if (event.key === 'Enter' && expanded && (active >= 0 || enterPicksFirst)) {
      event.preventDefault();
      const picked = suggestions[active >= 0 ? active : 0];
      if (picked !== undefined) pick(picked);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      close();
    }
    onKeyDown?.(event);
  };

  return (
    <div className={`${styles.combobox} ${frameClassName ?? ''}`}>
      {before}
      <input
        type="text"
        autoComplete="off"
        {...input}
        role="combobox"
        value={value}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        onChange={(event) => {
          setOpen(true);
          setActive(-1);
          onType(event.target.value);
        }}
        onKeyDown={keyDown}
        onFocus={(event) => {
          setOpen(true);
          onFocus?.(event);
        }}
        // Later than an option's click (which uses mousedown), so the click still lands.
        onBlur={(event) => {
          setOpen(false);
          onBlur?.(event);
        }}
      />
      <ul id={listId} role="listbox" aria-label={listLabel} className={styles.listbox} hidden={!expanded}>
        {expanded &&
          suggestions.map((suggestion, i) => (
            <li
              key={suggestionKey(suggestion)}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={styles.option}
              data-testid={optionTestId}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(suggestion);
              }}
              onMouseEnter={() => setActive(i)}
            >
              {renderSuggestion(suggestion)}
            </li>
          ))}
      </ul>
    </div>
  );
}
