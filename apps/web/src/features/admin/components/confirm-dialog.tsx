import { useState, type FormEvent, type ReactNode } from 'react';
import { FormMessage } from '../../../components/ui/alerts';
import { Dialog } from '../../../components/ui/dialog';
import { formStyles, SubmitButton, TextAreaField } from '../../../components/ui/form-field';
import { DESK } from '../admin-texts';
import { ProblemText, type DeskProblem } from '../admin-session';
import styles from '../admin.module.css';

/** The reason as the API takes it: none when left empty. */
export const reasonOf = (text: string): string | undefined => text.trim() || undefined;

/**
 * Asks before an action that moves money or locks someone out, with an optional reason for the
 * audit log. `busy` comes from the page's action; `problem` is the failure of the last try, shown
 * here so the reason written is not lost.
 */
export function ConfirmDialog({
  heading,
  body,
  confirmLabel,
  busy,
  problem,
  onConfirm,
  onClose,
}: {
  heading: string;
  body: ReactNode;
  confirmLabel: string;
  busy: boolean;
  problem?: DeskProblem | null;
  onConfirm(reason: string | undefined): void;
  onClose(): void;
}) {
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(reasonOf(reason));
  };
  return (
    <Dialog heading={heading} closeLabel={DESK.close} onClose={busy ? () => undefined : onClose} headingClassName={styles.dialogHeading} testId="desk-confirm">
      <form method="post" className={formStyles.form} onSubmit={submit}>
        <p>{body}</p>
        <TextAreaField label={DESK.confirm.reason} labelNote={DESK.confirm.reasonNote} name="reason" rows={3} maxLength={500} value={reason} onChange={setReason} />
        {problem && (
          <FormMessage kind="error">
            <ProblemText problem={problem} />
          </FormMessage>
        )}
        <div className={styles.actions}>
          <SubmitButton busy={busy} busyText={DESK.sending}>
            {confirmLabel}
          </SubmitButton>
          <button type="button" className="button button-secondary" onClick={onClose} disabled={busy}>
            {DESK.confirm.abort}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
