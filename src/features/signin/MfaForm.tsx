import { SingleFieldForm } from './FormParts';

interface MfaFormProps {
  busy: boolean;
  onSubmit: (token: string) => void;
}

/** The one-time code of a user with MFA. */
export function MfaForm({ busy, onSubmit }: MfaFormProps) {
  return (
    <SingleFieldForm
      title="Enter MFA code"
      label="MFA code"
      name="token"
      requiredMessage="MFA code is required"
      submitLabel="Submit code"
      inputProps={{ inputMode: 'numeric', autoComplete: 'one-time-code' }}
      busy={busy}
      onSubmit={onSubmit}
    />
  );
}
