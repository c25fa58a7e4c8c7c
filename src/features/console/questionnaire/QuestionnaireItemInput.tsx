import {
  Autocomplete,
  Button,
  Checkbox,
  FileInput,
  Group,
  MultiSelect,
  NumberInput,
  Radio,
  Select,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import type {
  Coding,
  QuestionnaireItem,
  QuestionnaireResponseItemAnswer,
  Reference,
} from '@medplum/fhirtypes';
import { useEffect, useState } from 'react';
import { formatCoding, formatReference } from '@/ui';
import { itemControl, referenceFilter, referenceTypes } from './questionnaire-rules';

/** Where a questionnaire's coded options and reference choices come from. */
export interface QuestionnaireSources {
  expandValueSet?: (url: string, filter: string) => Promise<Coding[]>;
  searchReferences?: (resourceTypes: string[], text: string, filter?: string) => Promise<Reference[]>;
}

export const NO_ANSWERS_DEFINED = 'No Answers Defined';

interface ItemInputProps {
  item: QuestionnaireItem;
  answers: QuestionnaireResponseItemAnswer[];
  onChange: (answers: QuestionnaireResponseItemAnswer[]) => void;
  error?: string;
  sources: QuestionnaireSources;
}

/** An option of a choice item: its label and the answer it gives. */
interface Option {
  label: string;
  answer: QuestionnaireResponseItemAnswer;
}

function optionLabel(answer: QuestionnaireResponseItemAnswer): string {
  if (answer.valueCoding) return formatCoding(answer.valueCoding) || answer.valueCoding.code || '';
  if (answer.valueReference) return formatReference(answer.valueReference);
  const plain = answer.valueString ?? answer.valueInteger ?? answer.valueDate ?? answer.valueTime;
  return plain === undefined ? '' : String(plain);
}

/** The options of a choice item: its answerOption list, or its value set's expansion. */
function useOptions(item: QuestionnaireItem, sources: QuestionnaireSources): Option[] | undefined {
  const url = item.answerValueSet;
  const [expanded, setExpanded] = useState<Option[] | undefined>(undefined);
  useEffect(() => {
    if (!url || !sources.expandValueSet) return;
    let current = true;
    sources.expandValueSet(url, '').then(
      (codings) =>
        current &&
        setExpanded(
          codings.map((coding) => ({ label: formatCoding(coding), answer: { valueCoding: coding } }))
        ),
      () => current && setExpanded([])
    );
    return () => {
      current = false;
    };
  }, [url, sources]);
  if (item.answerOption) {
    return item.answerOption.map(({ initialSelected: _selected, extension: _extension, ...answer }) => ({
      label: optionLabel(answer as QuestionnaireResponseItemAnswer),
      answer: answer as QuestionnaireResponseItemAnswer,
    }));
  }
  return url ? expanded : [];
}

/** A choice: radio buttons or checkboxes, or a drop-down when the item asks for one. */
function ChoiceInput({ item, answers, onChange, error, sources }: ItemInputProps) {
  const options = useOptions(item, sources);
  const common = { label: item.text, required: item.required, error };
  if (options === undefined || options.length === 0) {
    return <Select {...common} data={[]} placeholder={options ? NO_ANSWERS_DEFINED : 'Loading…'} disabled />;
  }
  const labels = options.map((option, index) => ({ value: String(index), label: option.label }));
  const chosen = answers.flatMap((answer) => {
    const index = options.findIndex((option) => optionLabel(option.answer) === optionLabel(answer));
    return index >= 0 ? [String(index)] : [];
  });
  const answersFor = (values: string[]) =>
    values.map((value) => options[Number(value)]?.answer).filter((a) => a !== undefined);
  const openText =
    item.type === 'open-choice' ? answers.find((answer) => answer.valueString !== undefined) : undefined;
  if (item.type === 'open-choice') {
    return (
      <Autocomplete
        {...common}
        data={labels.map((label) => label.label)}
        value={openText?.valueString ?? (chosen[0] ? (options[Number(chosen[0])]?.label ?? '') : '')}
        onChange={(text) => {
          const option = options.find((candidate) => candidate.label === text);
          onChange(option ? [option.answer] : text ? [{ valueString: text }] : []);
        }}
      />
    );
  }
  if (itemControl(item) === 'drop-down') {
    return item.repeats ? (
      <MultiSelect
        {...common}
        data={labels}
        value={chosen}
        onChange={(values) => onChange(answersFor(values))}
      />
    ) : (
      <Select
        {...common}
        data={labels}
        value={chosen[0] ?? null}
        onChange={(value) => onChange(answersFor(value ? [value] : []))}
      />
    );
  }
  return item.repeats ? (
    <Checkbox.Group {...common} value={chosen} onChange={(values) => onChange(answersFor(values))}>
      <Stack gap={6} mt={4}>
        {labels.map((label) => (
          <Checkbox key={label.value} value={label.value} label={label.label} />
        ))}
      </Stack>
    </Checkbox.Group>
  ) : (
    <Radio.Group {...common} value={chosen[0] ?? null} onChange={(value) => onChange(answersFor([value]))}>
      <Stack gap={6} mt={4}>
        {labels.map((label) => (
          <Radio key={label.value} value={label.value} label={label.label} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** A reference: a search over the item's target types, narrowed by its filter. */
function ReferenceInput({ item, answers, onChange, error, sources }: ItemInputProps) {
  const [text, setText] = useState(
    answers[0]?.valueReference ? formatReference(answers[0].valueReference) : ''
  );
  const [found, setFound] = useState<Reference[]>([]);
  const [refused, setRefused] = useState<string>();
  useEffect(() => {
    if (!sources.searchReferences) return;
    let current = true;
    sources.searchReferences(referenceTypes(item), text, referenceFilter(item)).then(
      (references) => {
        if (!current) return;
        setFound(references);
        setRefused(undefined);
      },
      // The server's words when it refuses the search (a filter it does not know, say).
      (reason: unknown) => {
        if (!current) return;
        setFound([]);
        setRefused(reason instanceof Error ? reason.message : String(reason));
      }
    );
    return () => {
      current = false;
    };
  }, [item, text, sources]);
  return (
    <Autocomplete
      label={item.text}
      required={item.required}
      error={error ?? refused}
      data={[...new Set(found.map(formatReference))]}
      value={text}
      onChange={(value) => {
        setText(value);
        const reference = found.find((candidate) => formatReference(candidate) === value);
        onChange(reference ? [{ valueReference: reference }] : []);
      }}
    />
  );
}

function readAttachment(file: File): Promise<QuestionnaireResponseItemAnswer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const data = String(reader.result).replace(/^data:[^,]*,/, '');
      resolve({
        valueAttachment: {
          contentType: file.type || 'application/octet-stream',
          title: file.name,
          data,
          size: file.size,
        },
      });
    };
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The value of a time input (HH:mm) as a FHIR time (HH:mm:ss). */
const fhirTime = (value: string): string => (value.length === 5 ? `${value}:00` : value);

/** A date-time input's local value as a FHIR dateTime with the user's offset. */
function fhirDateTime(value: string): string | undefined {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** A local date-time input value for a FHIR dateTime. */
function localDateTime(value: string | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** An item whose answer is the typed text itself, in one value field. */
const plainText = (input: string, key: 'valueString' | 'valueUri' | 'valueDate') => ({
  input,
  read: (a?: Answer): string => a?.[key] ?? '',
  write: (v: string): Answer => ({ [key]: v }),
});

/** Items typed into a one-line input: the input's type, and how an answer is shown and made. */
const TEXT_KINDS = {
  string: plainText('text', 'valueString'),
  url: plainText('url', 'valueUri'),
  date: plainText('date', 'valueDate'),
  time: {
    input: 'time',
    read: (a?: Answer) => a?.valueTime?.slice(0, 5) ?? '',
    write: (v: string): Answer => ({ valueTime: fhirTime(v) }),
  },
  dateTime: {
    input: 'datetime-local',
    read: (a?: Answer) => localDateTime(a?.valueDateTime),
    write: (v: string): Answer | undefined => {
      const valueDateTime = fhirDateTime(v);
      return valueDateTime ? { valueDateTime } : undefined;
    },
  },
} as const;
type Answer = QuestionnaireResponseItemAnswer;

/** The number an answer holds for a decimal, integer or quantity item. */
function numberOf(
  item: QuestionnaireItem,
  answer: QuestionnaireResponseItemAnswer | undefined
): number | undefined {
  if (item.type === 'quantity') return answer?.valueQuantity?.value;
  return item.type === 'integer' ? answer?.valueInteger : answer?.valueDecimal;
}

/**
 * A number: integers step by 1, decimals take any value. What is typed is kept as typed (a lone
 * "1." stays on screen) and only a finite number becomes the answer.
 */
function NumberAnswerInput({ item, answers, onChange, error }: ItemInputProps) {
  const answer = answers[0];
  const [typed, setTyped] = useState<string | number>(numberOf(item, answer) ?? '');
  return (
    <NumberInput
      label={item.text}
      required={item.required}
      error={error}
      allowDecimal={item.type !== 'integer'}
      step={item.type === 'integer' ? 1 : undefined}
      value={typed}
      onChange={(value) => {
        setTyped(value);
        const number = typeof value === 'number' ? value : Number.NaN;
        // The unit stays that of the answer, or of the item's initial value while none is given.
        if (!Number.isFinite(number)) onChange([]);
        else if (item.type === 'quantity')
          onChange([{ valueQuantity: { ...(answer ?? item.initial?.[0])?.valueQuantity, value: number } }]);
        else onChange([item.type === 'integer' ? { valueInteger: number } : { valueDecimal: number }]);
      }}
    />
  );
}

/** One answer of a simple (non-choice) item. */
function SingleValueInput(props: ItemInputProps) {
  const { item, answers, onChange, error } = props;
  const answer = answers[0];
  const common = { label: item.text, required: item.required, error };
  const set = (next: QuestionnaireResponseItemAnswer | undefined) => onChange(next ? [next] : []);
  const text = (value: string, make: (v: string) => QuestionnaireResponseItemAnswer | undefined) =>
    set(value === '' ? undefined : make(value));
  switch (item.type) {
    case 'boolean':
      return (
        <Checkbox
          label={item.text}
          error={error}
          checked={answer?.valueBoolean === true}
          onChange={(event) => set({ valueBoolean: event.currentTarget.checked })}
        />
      );
    case 'decimal':
    case 'integer':
    case 'quantity':
      return <NumberAnswerInput {...props} />;
    case 'text':
      return (
        <Textarea
          {...common}
          rows={3}
          value={answer?.valueString ?? ''}
          onChange={(e) => text(e.currentTarget.value, (v) => ({ valueString: v }))}
        />
      );
    case 'attachment':
      return (
        <FileInput
          {...common}
          placeholder={answer?.valueAttachment?.title ?? 'Choose a file'}
          onChange={(file) => {
            if (file) void readAttachment(file).then(set);
            else set(undefined);
          }}
        />
      );
    default: {
      const kind = TEXT_KINDS[item.type as keyof typeof TEXT_KINDS] ?? TEXT_KINDS.string;
      return (
        <TextInput
          {...common}
          type={kind.input}
          value={kind.read(answer)}
          onChange={(e) => text(e.currentTarget.value, kind.write)}
        />
      );
    }
  }
}

/** The input an item's type calls for; a repeating simple item gets one input per answer. */
export function QuestionnaireItemInput(props: ItemInputProps) {
  const { item } = props;
  if (item.type === 'choice' || item.type === 'open-choice') return <ChoiceInput {...props} />;
  if (item.type === 'reference') return <ReferenceInput {...props} />;
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
