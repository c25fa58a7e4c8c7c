import { Alert, Stack } from '@mantine/core';
import type { Resource } from '@medplum/fhirtypes';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ClinicalCode } from '@/fhir/clinical-codes';
import { FormModal } from '../dialogs/FormModal';
import { outcomeText } from '@/sync/http/errors';
import {
  ChoiceSelect,
  DateInput,
  fieldErrorText,
  FormStateContext,
  hasInputErrors,
  LabelledField,
  SuggestInput,
  useFormState,
  type ValueInputProps,
} from '../inputs';
import { createChange, editChange } from '../save/changes';
import { announceKeptDraft, DraftNotice, useDraft, type Draft } from '../drafts';
import { asksToConfirm } from '../save/check-resource';
import { SaveAnyway } from '../save/SaveAnyway';
import { noticeIfKept } from '../save/kept-notice';
import { useSave } from '../save/use-save';

export interface ClinicalDialogProps {
  /** What the entry is ('Allergy'): the dialog is 'Add Allergy' or 'Edit Allergy', and so is its change. */
  noun: string;
  /** The entry being edited; none when adding. */
  before?: Resource;
  /** The resource the form describes, or undefined while it is incomplete. */
  built: Resource | undefined;
  onClose: () => void;
  /** The dialog's draft (useDialogForm's third value): Save and Cancel drop it, closing keeps it. */
  draft?: Draft<unknown>;
  children: ReactNode;
}

/**
 * An add or edit dialog of the patient summary: Save stays disabled until the form is complete, the
 * entry is stored through the outbox (so it works offline), and a refusal shows its words in the
 * dialog, losing nothing typed.
 */
export function ClinicalDialog({ noun, before, built, onClose, draft, children }: ClinicalDialogProps) {
  const { save, submitting, outcome, reset } = useSave();
  // Warnings and errors are about the values they judged: a changed value clears them.
  const builtKey = built ? JSON.stringify(built) : '';
  useEffect(() => reset(), [builtKey, reset]);
  const fields = useRef<HTMLDivElement>(null);
  const title = `${before ? 'Edit' : 'Add'} ${noun}`;
  // An edit changes what the dialog changed (never id or meta); an add creates the entry.
  const changeOf = (after: Resource) =>
    before ? editChange(before, after, { label: title }) : createChange(after, title);
  const submit = (acceptWarnings?: boolean) => {
    // A field showing text that is not a value (an unreadable number) keeps the entry from saving.
    if (!built || (fields.current && hasInputErrors(fields.current))) return;
    // A refused save keeps the input in the dialog and its draft on this device.
    void save({ change: changeOf(built), shown: before, acceptWarnings }).then(async (result) => {
      if (!result.ok) return;
      noticeIfKept(result, title);
      await draft?.remove();
      onClose();
    });
  };
  return (
    <FormModal
      opened
      title={title}
      submitLabel="Save"
      canSubmit={built !== undefined}
      busy={submitting}
      onClose={() => {
        if (draft?.isUnsaved()) announceKeptDraft();
        onClose();
      }}
      onCancel={() => {
        void draft?.remove();
        onClose();
      }}
      onSubmit={() => submit()}
    >
      {draft && <DraftNotice draft={draft} />}
      {/* The save's issues show under the fields they point at (by FHIRPath) as well as below. */}
      <FormStateContext.Provider value={{ outcome }}>
        <Stack ref={fields} gap="md">
          {children}
        </Stack>
      </FormStateContext.Provider>
      <SaveAnyway outcome={outcome} busy={submitting} onSaveAnyway={() => submit(true)} />
      {outcome && !asksToConfirm(outcome) && (
        <Alert color="red" title="Not saved">
          {outcomeText(outcome)}
        </Alert>
      )}
    </FormModal>
  );
}

/** What every field of a dialog takes: its label, and its text ('' when empty). */
interface DialogFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  /** The FHIRPath of the element the field fills ('Condition.onsetDateTime'): a save's issues there show under it. */
  path?: string;
}

/** The words of the last save's issues that point at a field's element. */
function useFieldIssueText(path: string | undefined): string | undefined {
  const { outcome } = useFormState();
  return path ? fieldErrorText(outcome, path) : undefined;
}

/** A kit input framed with the field's label; the dialog's text is '' when the input is emptied. */
function dialogField(
  props: DialogFieldProps,
  error: string | undefined,
  input: (field: ValueInputProps<string>) => ReactNode
) {
  return (
    <LabelledField label={props.label} required={props.required} error={error}>
      {(field) => input({ ...field, value: props.value, onChange: (value) => props.onChange(value ?? '') })}
    </LabelledField>
  );
}

/** A coded field: suggestions from the common codes, or any words the clinician types. */
export function CodeField(props: DialogFieldProps & { codes: readonly ClinicalCode[] }) {
  const suggestions = props.codes.map((code) => code.display);
  const error = useFieldIssueText(props.path);
  return dialogField(props, error, (field) => (
    <SuggestInput {...field} suggestions={suggestions} autoFocus />
  ));
}

export function ChoiceField(
  props: DialogFieldProps & {
    options: readonly string[] | readonly { value: string; label: string }[];
    disabled?: boolean;
  }
) {
  const options = props.options.map((option) =>
    typeof option === 'string'
      ? { value: option, label: option.charAt(0).toUpperCase() + option.slice(1) }
      : option
  );
  const error = useFieldIssueText(props.path);
  return dialogField(props, error, (field) => (
    <ChoiceSelect {...field} options={options} disabled={props.disabled} />
  ));
}

/**
 * A dialog's form: its fields, a setter that changes some of them, and its draft on this device
 * under `form` (restored when the dialog opens again; Discard starts again from `initial`).
 */
export function useDialogForm<T extends object>(
  initial: () => T,
  form?: string
): [T, (change: Partial<T>) => void, Draft<T>] {
  const draft = useDraft<T>(form);
  const [fields, setFields] = useState(initial);
  const [taken, setTaken] = useState({ restored: false, round: 0 });
  if (draft.restored && !taken.restored) {
    setTaken({ ...taken, restored: true });
    setFields(draft.restored);
  }
  if (draft.round !== taken.round) {
    setTaken({ ...taken, round: draft.round });
    setFields(initial());
  }
  const [edited, setEdited] = useState(false);
  const set = (change: Partial<T>) => {
    setEdited(true);
    setFields((current) => ({ ...current, ...change }));
  };
  // What the user changed is kept as the draft (not the fields the dialog opened or restored on).
  const { keep } = draft;
  useEffect(() => {
    if (edited) keep(fields);
  }, [edited, fields, keep]);
  return [fields, set, draft];
}

/** A date field over a dateTime: shows its date part, and keeps the stored value until changed. */
export function DateField(props: DialogFieldProps) {
  const error = useFieldIssueText(props.path);
  return dialogField(props, error, (field) => <DateInput {...field} />);
}
