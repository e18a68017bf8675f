import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { busyButton } from '../../lib/use-busy-action';
import styles from './form.module.css';

/** The kit's class names, for a form's own frame (`form.form`, `form.actions`). */
export { styles as formStyles };

/** What a field's control gets: its id, the kit's class and the state that ties hint and error to it. */
export interface FieldControlProps {
  id: string;
  className: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface FieldState {
  hint?: ReactNode;
  /** The message under the field; marks the field invalid. */
  error?: ReactNode;
  /** Marks the field invalid without a message of its own (the form says what is wrong). */
  invalid?: boolean;
  /** Ids of other text that describes the control, read before the hint and the error. */
  describedBy?: string;
}

const present = (node: ReactNode) => node !== undefined && node !== null && node !== false && node !== '';

/**
 * The ids and attributes of one field (React's useId, so server and browser agree): for a field
 * whose label or error stands apart from its control; {@link Field} is the usual frame.
 */
export function useField({ hint, error, invalid, describedBy }: FieldState) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hasError = present(error);
  const described = [describedBy, present(hint) ? hintId : '', hasError ? errorId : ''].filter(Boolean).join(' ');
  const control: FieldControlProps = {
    id,
    className: `${styles.input} ${hasError || invalid ? styles.invalid : ''}`,
    ...(hasError || invalid ? { 'aria-invalid': true as const } : {}),
    ...(described ? { 'aria-describedby': described } : {}),
  };
  return { id, hintId, errorId, hasError, control };
}

/** A field's error text; `role="alert"` where nothing else on the form announces the failure. */
export function FieldError({ id, role, children }: { id: string; role?: 'alert'; children: ReactNode }) {
  return (
    <p id={id} className={styles.error} role={role}>
      {children}
    </p>
  );
}

export interface FieldProps extends FieldState {
  label: ReactNode;
  /** Said after the label in a lighter type ("(optional)"). */
  labelNote?: ReactNode;
  errorRole?: 'alert';
  /** Of the field's frame, for the place a layout gives it. */
  className?: string;
  /** Of the label, for a layout that shows it otherwise (beside the control, or only to screen readers on a phone). */
  labelClassName?: string;
  /** The control: an input, select or textarea (or a widget around one) given the props. */
  children(control: FieldControlProps): ReactNode;
}

/** A label, its control, the hint and the error, tied together by id and aria-describedby. */
export function Field({ label, labelNote, hint, error, invalid, describedBy, errorRole, className, labelClassName, children }: FieldProps) {
  const field = useField({ hint, error, invalid, describedBy });
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label className={`${styles.label} ${labelClassName ?? ''}`} htmlFor={field.id}>
        {label}
        {present(labelNote) && <span className={styles.labelNote}> {labelNote}</span>}
      </label>
      {children(field.control)}
      {present(hint) && (
        <p id={field.hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {field.hasError && (
        <FieldError id={field.errorId} role={errorRole}>
          {error}
        </FieldError>
      )}
    </div>
  );
}

type FrameProps = Omit<FieldProps, 'children' | 'className' | 'labelClassName'>;

export type TextFieldProps = FrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id' | 'className'> & { value: string; onChange(value: string): void };

/** A labelled text input (any of text, email, tel, password, number). */
export function TextField({ label, labelNote, hint, error, invalid, describedBy, errorRole, value, onChange, ...input }: TextFieldProps) {
  return (
    <Field {...{ label, labelNote, hint, error, invalid, describedBy, errorRole }}>
      {(control) => <input {...input} {...control} value={value} onChange={(event) => onChange(event.target.value)} />}
    </Field>
  );
}

export type TextAreaFieldProps = FrameProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'id' | 'className'> & { value: string; onChange(value: string): void };

/** A labelled textarea. */
export function TextAreaField({ label, labelNote, hint, error, invalid, describedBy, errorRole, value, onChange, ...textarea }: TextAreaFieldProps) {
  return (
    <Field {...{ label, labelNote, hint, error, invalid, describedBy, errorRole }}>
      {(control) => <textarea {...textarea} {...control} value={value} onChange={(event) => onChange(event.target.value)} />}
    </Field>
  );
}

export type SelectFieldProps<T extends string> = FrameProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'id' | 'className' | 'multiple' | 'children'> &
  Pick<FieldProps, 'className' | 'labelClassName'> & {
    options: readonly T[];
    optionLabel(option: T): ReactNode;
    /** The text of a first option of value '' ("Any"), for a select that may be left unset. */
    emptyOption?: ReactNode;
    value: T | '';
    onChange(value: T | ''): void;
  };

/** A labelled select of one option. */
export function SelectField<T extends string>({
  label,
  labelNote,
  hint,
  error,
  invalid,
  describedBy,
  errorRole,
  className,
  labelClassName,
  options,
  optionLabel,
  emptyOption,
  value,
  onChange,
  ...select
}: SelectFieldProps<T>) {
  return (
    <Field {...{ label, labelNote, hint, error, invalid, describedBy, errorRole, className, labelClassName }}>
      {(control) => (
        <select {...select} {...control} value={value} onChange={(event) => onChange(event.target.value as T | '')}>
          {present(emptyOption) && <option value="">{emptyOption}</option>}
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabel(option)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export interface SliderFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'type' | 'id' | 'className' | 'min' | 'max' | 'step'> {
  label: ReactNode;
  /** The value in words ("Alle", "12.000 kr."): shown beside the label and read as aria-valuetext. */
  valueText: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange(value: number): void;
  error?: ReactNode;
}

/** A labelled range input with its value in words beside the label (which is also what a screen reader hears). */
export function SliderField({ label, valueText, value, onChange, error, ...input }: SliderFieldProps) {
  const field = useField({ error });
  // A range keeps the browser's look: the kit's input class is for text controls.
  const { className: _inputClass, ...control } = field.control;
  return (
    <div className={styles.slider}>
      <label htmlFor={field.id} className={styles.sliderLabel}>
        <span>{label}</span>
        <output htmlFor={field.id} className={styles.sliderValue}>
          {valueText}
        </output>
      </label>
      <input {...input} {...control} type="range" className={styles.range} value={value} aria-valuetext={valueText} onChange={(event) => onChange(Number(event.target.value))} />
      {field.hasError && <FieldError id={field.errorId}>{error}</FieldError>}
    </div>
  );
}

export type CheckboxFieldProps = Omit<FieldState, 'hint'> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'checked' | 'type' | 'id'> & {
    /** The text beside the box: the box's name. */
    label: ReactNode;
    checked: boolean;
    onChange(checked: boolean): void;
    errorRole?: 'alert';
  };

/** A checkbox with its text beside it, and an error under it when it must be ticked. */
export function CheckboxField({ label, error, invalid, describedBy, errorRole, checked, onChange, className, ...input }: CheckboxFieldProps) {
  const field = useField({ error, invalid, describedBy });
  // The box keeps the browser's look: the kit's input class is for text controls.
  const { className: _inputClass, ...control } = field.control;
  // One frame with or without the error, so the box is not mounted afresh (and focus lost) when it comes.
  return (
    <div className={styles.field}>
      <label className={`${styles.check} ${className ?? ''}`}>
        <input {...input} {...control} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
        <span>{label}</span>
      </label>
      {field.hasError && (
        <FieldError id={field.errorId} role={errorRole}>
          {error}
        </FieldError>
      )}
    </div>
  );
}

export interface CheckboxGroupProps<T extends string> {
  legend: ReactNode;
  /** The boxes' names are `${name}-${option}`. */
  name: string;
  options: readonly T[];
  /** The ticked options. */
  value: readonly T[];
  /** The ticked options after a change, in the order of `options`. */
  onChange(value: T[]): void;
  optionLabel(option: T): ReactNode;
}

/** Several boxes under one legend (a fieldset), any number of them ticked. */
export function CheckboxGroup<T extends string>({ legend, name, options, value, onChange, optionLabel }: CheckboxGroupProps<T>) {
  const toggle = (option: T, on: boolean) => onChange(options.filter((o) => (o === option ? on : value.includes(o))));
  return (
    <fieldset className={styles.group}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <CheckboxField key={option} name={`${name}-${option}`} checked={value.includes(option)} onChange={(on) => toggle(option, on)} label={optionLabel(option)} />
      ))}
    </fieldset>
  );
}

/** A form's submit button: disabled and busy for screen readers while the form is sent, its text saying so. */
export function SubmitButton({ busy, busyText, className, children }: { busy: boolean; busyText?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <button type="submit" className={`button button-primary ${className ?? ''}`} {...busyButton(busy)}>
      {busy && busyText !== undefined ? busyText : children}
    </button>
  );
}
