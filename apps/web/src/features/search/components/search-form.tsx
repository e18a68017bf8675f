import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { validateSearchQuery } from '@husly/domain';
import { useSite } from '../../../lib/site-context';
import { searchHref } from '../search-href';
import { SearchLabel } from './search-label';
import styles from './search-form.module.css';

/**
 * The place search. Until the results page exists it only navigates to /search?q=…;
 * a query under two characters does not search and says so in the placeholder.
 */
export function SearchForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [value, setValue] = useState(() => params.get('q') ?? '');
  const { language } = useSite();
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateSearchQuery(value, language);
    if (!result.ok) {
      setValue('');
      setError(result.error.message);
      return;
    }
    setError(null);
    void navigate(searchHref(result.q));
  };

  return (
    <form role="search" aria-label={t('search.landmark')} className={styles.form} onSubmit={submit} action="/search" method="get">
      <SearchLabel htmlFor={inputId} label={t('search.label')} iconClassName={styles.icon} />
      <input
        id={inputId}
        name="q"
        type="search"
        className={styles.input}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          if (error) setError(null);
        }}
        placeholder={error ?? t('search.placeholder')}
        aria-invalid={error ? true : undefined}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" className={`button button-primary ${styles.submit}`}>
        {t('search.submit')}
      </button>
    </form>
  );
}
