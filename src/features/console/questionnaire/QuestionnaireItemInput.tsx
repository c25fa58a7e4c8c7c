import { Button, Checkbox, Group, Stack } from '@mantine/core';
import type { QuestionnaireItem, QuestionnaireResponseItemAnswer, Reference } from '@medplum/fhirtypes';
import { useMemo, useState, type ComponentType } from 'react';
import {
  AttachmentInput,
  DateInput,
  DateTimeInput,
  InputSourcesProvider,
  LabelledField,
  NumberInput,
  ReferenceInput,
  TextAreaInput,
  TextInput,
  TimeInput,
  type InputSources,
  type ValueInputProps,
} from '@/ui/inputs';
import { ChoiceInput } from './ChoiceInput';
import type { ItemInputProps, QuestionnaireSources } from './item-input-props';
import { referenceFilter, referenceTypes } from './questionnaire-rules';

export { NO_ANSWERS_DEFINED } from './ChoiceInput';
export type { QuestionnaireSources };

type Answer = QuestionnaireResponseItemAnswer;

const UrlInput = (props: ValueInputProps<string>) => <TextInput type="url" {...props} />;
const FileInput = (props: ValueInputProps<Answer['valueAttachment']>) => (
  <AttachmentInput {...props} ariaLabel={props.ariaLabel ?? 'Attachment'} />
);

type AnyInput = ComponentType<ValueInputProps<unknown>>;

/** An item type answered by a kit input: the answer's value[x], and the input (typed by the entry). */
const kitItem = <T,>(key: keyof Answer, input: ComponentType<ValueInputProps<T>>) => ({
  key,
  input: input as unknown as AnyInput,
});

/**
 * Items answered by one of the kit's inputs, so a rule about dates, times or attachments (the
 * 5 MB limit) is the resource form's rule too.
 */
const KIT_ITEMS: Record<string, ReturnType<typeof kitItem>> = {
  string: kitItem('valueString', TextInput),
  text: kitItem('valueString', TextAreaInput),
  url: kitItem('valueUri', UrlInput),
  date: kitItem('valueDate', DateInput),
  dateTime: kitItem('valueDateTime', DateTimeInput),
  time: kitItem('valueTime', TimeInput),
  attachment: kitItem('valueAttachment', FileInput),
};

/** An item whose one answer is the value of a kit input; an emptied input gives no answer. */
function KitAnswerInput({ item, answers, onChange, error }: ItemInputProps) {
  const { key, input: Input } = KIT_ITEMS[item.type] ?? kitItem('valueString', TextInput);
  return (
    <LabelledField label={item.text} required={item.required} error={error}>
      {(field) => (
        <Input
          {...field}
          value={answers[0]?.[key]}
          onChange={(value) =>
            onChange(value === undefined || value === '' ? [] : [{ [key]: value } as Answer])
          }
        />
      )}
    </LabelledField>
  );
}

/** A reference: the kit's search over the item's target types, narrowed by the item's filter. */
function ReferenceAnswerInput({ item, answers, onChange, error, sources }: ItemInputProps) {
  const filter = referenceFilter(item);
  const { searchReferences, expandValueSet } = sources;
  const narrowed: InputSources = useMemo(
    () => ({
      searchReferences: (types, text) =>
        searchReferences ? searchReferences([...types], text, filter) : Promise.resolve([]),
      expandValueSet: (url, text) => (expandValueSet ? expandValueSet(url, text) : Promise.resolve([])),
    }),
    [searchReferences, expandValueSet, filter]
  );
  return (
    <InputSourcesProvider sources={narrowed}>
      <LabelledField label={item.text} required={item.required} error={error}>
        {(field) => (
          <ReferenceInput
            {...field}
            eager
            targetTypes={referenceTypes(item)}
            value={answers[0]?.valueReference}
            onChange={(reference?: Reference) => onChange(reference ? [{ valueReference: reference }] : [])}
          />
        )}
      </LabelledField>
    </InputSourcesProvider>
  );
}

/** The number an answer holds for a decimal, integer or quantity item. */
function numberOf(item: QuestionnaireItem, answer: Answer | undefined): number | undefined {
  if (item.type === 'quantity') return answer?.valueQuantity?.value;
  return item.type === 'integer' ? answer?.valueInteger : answer?.valueDecimal;
}

/**
 * A number on the kit's input, read strictly: what is typed stays as typed, text that is not a
 * number of the item's type shows its error and is no answer, and the page cannot be submitted.
 */
function NumberAnswerInput({ item, answers, onChange, error }: ItemInputProps) {
  const answer = answers[0];
  return (
    <LabelledField label={item.text} required={item.required} error={error}>
      {(field) => (
        <NumberInput
          {...field}
          type={item.type === 'integer' ? 'integer' : 'decimal'}
          value={numberOf(item, answer)}
          onChange={(number) => {
            // The unit stays that of the answer, or of the item's initial value while none is given.
            if (number === undefined) onChange([]);
            else if (item.type === 'quantity')
              onChange([
                { valueQuantity: { ...(answer ?? item.initial?.[0])?.valueQuantity, value: number } },
              ]);
            else onChange([item.type === 'integer' ? { valueInteger: number } : { valueDecimal: number }]);
          }}
        />
      )}
    </LabelledField>
  );
}

/** One answer of a simple (non-choice) item. */
function SingleValueInput(props: ItemInputProps) {
  const { item, answers, onChange, error } = props;
  switch (item.type) {
    case 'boolean':
      return (
        <Checkbox
          label={item.text}
          error={error}
          checked={answers[0]?.valueBoolean === true}
          onChange={(event) => onChange([{ valueBoolean: event.currentTarget.checked }])}
        />
      );
    case 'decimal':
    case 'integer':
    case 'quantity':
      return <NumberAnswerInput {...props} />;
    default:
      return <KitAnswerInput {...props} />;
  }
}

/** The input an item's type calls for; a repeating simple item gets one input per answer. */
export function QuestionnaireItemInput(props: ItemInputProps) {
  const { item } = props;
  if (item.type === 'choice' || item.type === 'open-choice') return <ChoiceInput {...props} />;
  if (item.type === 'reference') return <ReferenceAnswerInput {...props} />;
  if (!item.repeats || item.type === 'boolean') return <SingleValueInput {...props} />;
  return <RepeatingInput {...props} />;
}

/** One input per answer, and 'Add another' for one more; empty inputs give no answer. */
function RepeatingInput(props: ItemInputProps) {
  const { item, answers, onChange } = props;
  const [rows, setRows] = useState(Math.max(answers.length, 1));
  const shown = Math.max(rows, answers.length);
  return (
    <Stack gap={4}>
      {Array.from({ length: shown }, (_, index) => (
        <SingleValueInput
          key={index}
          {...props}
          item={index === 0 ? item : { ...item, text: undefined, required: false }}
          answers={answers[index] ? [answers[index]] : []}
          onChange={(next) => {
            const updated = [...answers];
            updated.splice(index, 1, ...next);
            onChange(updated);
          }}
        />
      ))}
      <Group>
        <Button
          variant="subtle"
          size="xs"
          onClick={() => setRows(shown + 1)}
          disabled={answers.length < shown}
        >
          Add another
        </Button>
      </Group>
    </Stack>
  );
}
