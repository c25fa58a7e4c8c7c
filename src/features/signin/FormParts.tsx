import {
  Anchor,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Stack,
  TextInput,
  Title,
  type CheckboxProps,
  type PasswordInputProps,
  type TextInputProps,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { TOUCH_TARGET, touchInputStyles } from './touch';

/** The heading of a sign-in step. */
export function StepTitle({ children }: { children: ReactNode }) {
  return (
    <Title order={2} size="h4">
      {children}
    </Title>
  );
}

/** A link-styled button big enough to touch: Register, Change, Forgot password, Back to sign in. */
export function TouchLink({
  onClick,
  size,
  children,
}: {
  onClick: () => void;
  size?: 'sm';
  children: ReactNode;
}) {
  return (
    <Anchor component="button" type="button" size={size} onClick={onClick} style={TOUCH_TARGET}>
      {children}
    </Anchor>
  );
}

/** A form's submit button, big enough to touch; `before` stands at the other end of its row. */
export function SubmitRow({ busy, label, before }: { busy: boolean; label: string; before?: ReactNode }) {
  return (
    <Group justify={before ? 'space-between' : 'flex-end'} wrap="nowrap">
      {before}
      <Button type="submit" loading={busy} style={TOUCH_TARGET}>
        {label}
      </Button>
    </Group>
  );
}

/** A checkbox whose whole row can be touched. */
export const touchCheckboxStyles = { body: { ...TOUCH_TARGET, alignItems: 'center' } } as const;

/** The e-mail field of sign-in, registration and password reset. */
export function EmailInput(props: TextInputProps) {
  return (
    <TextInput
      label="Email"
      type="email"
      name="email"
      autoComplete="username"
      withAsterisk
      styles={touchInputStyles}
      {...props}
    />
  );
}

interface SingleFieldFormProps {
  title: string;
  label: string;
  name: string;
  /** The message shown when the field is left empty. */
  requiredMessage: string;
  submitLabel: string;
  busy: boolean;
  /** More attributes of the input (input mode, autocomplete). */
  inputProps?: TextInputProps;
  onSubmit: (value: string) => void;
}

/** A step that asks for one required text, trimmed: the MFA code, a new project's name. */
export function SingleFieldForm({
  title,
  label,
  name,
  requiredMessage,
  submitLabel,
  busy,
  inputProps,
  onSubmit,
}: SingleFieldFormProps) {
  const form = useForm({
    initialValues: { value: '' },
    validate: { value: (value) => (value.trim() ? null : requiredMessage) },
  });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(values.value.trim()))}>
      <Stack gap="md">
        <StepTitle>{title}</StepTitle>
        <TextInput
          label={label}
          name={name}
          withAsterisk
          autoFocus
          styles={touchInputStyles}
          {...inputProps}
          {...form.getInputProps('value')}
        />
        <SubmitRow busy={busy} label={submitLabel} />
      </Stack>
    </form>
  );
}

/** A required password field, big enough to touch. */
export function PasswordField(props: PasswordInputProps & { name: string }) {
  return <PasswordInput withAsterisk styles={touchInputStyles} {...props} />;
}

/** "Remember me": keeps the session across restarts of the app. */
export function RememberMe(props: CheckboxProps) {
  return <Checkbox label="Remember me" styles={touchCheckboxStyles} {...props} />;
}
