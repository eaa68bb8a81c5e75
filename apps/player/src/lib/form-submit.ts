import { useState } from 'react';
import type { FormInstance } from 'antd-mobile/es/components/form';
import { ApiError } from './api.ts';
import { showErrorToast } from './notify.ts';

/** Server field errors (code 400, data.fields) go under their fields; others stay toasts. */
export function applyFieldErrors(form: FormInstance, err: unknown): void {
  if (!(err instanceof ApiError)) return;
  const known = new Set(Object.keys(form.getFieldsValue()));
  const entries = Object.entries(err.fields);
  form.setFields(entries.filter(([name]) => known.has(name)).map(([name, msg]) => ({ name, errors: [msg] })));
  const unplaced = entries.filter(([name]) => !known.has(name));
  if (unplaced.length > 0) showErrorToast(unplaced.map(([, msg]) => msg).join('\n'));
}

/**
 * Wraps a form action: `busy` while it runs (for the button's progress), and a failed call's
 * field errors shown under their fields (the API client already toasts the others).
 */
export function useFormSubmit<V>(form: FormInstance, action: (values: V) => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const submit = async (values: V) => {
    setBusy(true);
    try {
      await action(values);
    } catch (err) {
      applyFieldErrors(form, err);
    } finally {
      setBusy(false);
    }
  };
  return { busy, submit };
}
