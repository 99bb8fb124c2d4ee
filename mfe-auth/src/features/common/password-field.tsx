import { useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { TextField, type FieldBinding } from 'shared/forms';

interface PasswordFieldProps {
  binding: FieldBinding;
  label: ReactNode;
  autoComplete: 'current-password' | 'new-password';
  hint?: ReactNode;
}

/** A password input with a show/hide toggle, so a long password can be checked before sending. */
export function PasswordField({ binding, label, autoComplete, hint }: PasswordFieldProps) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      binding={binding}
      label={label}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      hint={hint}
      required
      trailing={
        <button
          type="button"
          className="auth-reveal"
          aria-pressed={visible}
          aria-label={visible ? t`Hide password` : t`Show password`}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? t`Hide` : t`Show`}
        </button>
      }
    />
  );
}
