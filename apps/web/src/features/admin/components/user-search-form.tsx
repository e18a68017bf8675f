import { useState, type FormEvent } from 'react';
import { SubmitButton, TextField } from '../../../components/ui/form-field';
import { DESK } from '../admin-texts';
import styles from '../admin.module.css';

export const MIN_QUERY = 2;

/** The query as the API takes it (trimmed, at least two characters), or null when too short. */
export function searchQuery(value: string): string | null {
  const q = value.trim();
  return q.length >= MIN_QUERY ? q : null;
}

/** The desk's search: email, name, phone or order number. `onSearch` gets the trimmed query. */
export function UserSearchForm({ initial, onSearch }: { initial: string; onSearch(q: string): void }) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = searchQuery(value);
    if (q === null) return setError(DESK.search.tooShort);
    setError(undefined);
    onSearch(q);
  };
  return (
    <form method="get" role="search" className={styles.searchForm} onSubmit={submit} noValidate>
      <TextField label={DESK.search.label} error={error} errorRole="alert" type="search" name="q" maxLength={200} value={value} onChange={(v) => (setValue(v), setError(undefined))} />
      <SubmitButton busy={false} className={styles.searchButton}>
        {DESK.search.submit}
      </SubmitButton>
    </form>
  );
}
