import { useState, type FormEvent } from 'react';
import type { AdminMe } from '@husly/contracts';
import { FormMessage } from '../../../components/ui/alerts';
import { formStyles, SubmitButton, TextField } from '../../../components/ui/form-field';
import { isHttpError } from '../../../lib/api-client';
import { useBusyAction } from '../../../lib/use-busy-action';
import { isSecondFactorRefused, type AdminApi } from '../admin-api';
import { DESK } from '../admin-texts';
import { problemOf, ProblemText, type DeskProblem } from '../admin-session';
import styles from '../admin.module.css';

/** Six digits, spaces forgiven (apps show "123 456"). */
export const normaliseCode = (value: string) => value.replace(/\s+/g, '');
export const isCode = (value: string) => /^\d{6}$/.test(normaliseCode(value));

/**
 * The second factor (issue 33): the authenticator app's six digits open an admin session, a
 * cookie the API sets. `expired`: a session ran out while a page was open (it stays under this form).
 */
export function SecondFactorForm({ admin, expired = false, onOpened }: { admin: AdminApi; expired?: boolean; onOpened(me: AdminMe): void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<DeskProblem | null>(null);
  const { busy, run } = useBusyAction();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!isCode(code)) return setError(DESK.code.invalid);
    setError(undefined);
    void run(async () => {
      try {
        onOpened(await admin.openSession(normaliseCode(code)));
      } catch (failure) {
        // A code is used once: the field is emptied for the next one either way.
        setCode('');
        if (isSecondFactorRefused(failure)) setError(DESK.code.refused);
        else if (isHttpError(failure, 429)) setError(DESK.code.tooMany);
        else if (isHttpError(failure, 400)) setError(DESK.code.invalid);
        else setProblem(problemOf(failure));
      }
    });
  };

  return (
    <section className={styles.codeCard} aria-labelledby="desk-code-heading">
      <h1 id="desk-code-heading" className={styles.heading}>
        {DESK.code.heading}
      </h1>
      <p>{expired ? DESK.code.expired : DESK.code.intro}</p>
      <form method="post" className={formStyles.form} onSubmit={submit} noValidate>
        <TextField
          label={DESK.code.label}
          hint={DESK.code.hint}
          error={error}
          errorRole="alert"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={7}
          value={code}
          onChange={(value) => {
            setCode(value);
            setError(undefined);
          }}
        />
        {problem && (
          <FormMessage kind="error">
            <ProblemText problem={problem} />
          </FormMessage>
        )}
        <SubmitButton busy={busy} busyText={DESK.sending}>
          {DESK.code.submit}
        </SubmitButton>
      </form>
    </section>
  );
}
