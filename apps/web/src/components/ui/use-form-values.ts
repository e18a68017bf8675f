import { useCallback, useState } from 'react';

/**
 * A form's values and its fields' error texts. `update(field)` is a field's change handler: it takes
 * the new value and unmarks the field, so a corrected field no longer reads as wrong before the next
 * submit checks it again.
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
  return { values, setValues, errors, setErrors, update };
}
