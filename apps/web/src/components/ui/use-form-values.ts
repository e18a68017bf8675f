import { useCallback, useState } from 'react';

/**
 * A form's values and its fields' error texts. `update(field)` is a field's change handler: it takes
 * the new value and unmarks the field, so a corrected field no longer reads as wrong before the next
 * submit checks it again. `showProblems` marks the fields a check found (the domain's FieldError
 * list) and says whether there were none.
 */
export function useFormValues<V extends object, F extends string = Extract<keyof V, string>>(initial: V) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const update = useCallback(
    <K extends keyof V>(field: K) =>
      (value: V[K]) => {
        setValues((v) => ({ ...v, [field]: value }));
        setErrors((e) => (e[field as unknown as F] === undefined ? e : { ...e, [field]: undefined }));
      },
    [],
  );
  const showProblems = useCallback((problems: readonly { field: F; message: string }[]) => {
    setErrors(Object.fromEntries(problems.map((p) => [p.field, p.message])) as Partial<Record<F, string>>);
    return problems.length === 0;
  }, []);
  return { values, setValues, errors, setErrors, update, showProblems };
}
