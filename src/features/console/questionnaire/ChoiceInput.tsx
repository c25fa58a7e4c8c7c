import { Checkbox, MultiSelect, Radio, Select, Stack } from '@mantine/core';
import type { QuestionnaireItem, QuestionnaireResponseItemAnswer } from '@medplum/fhirtypes';
import { useEffect, useState } from 'react';
import { formatCoding, formatReference } from '@/ui';
import { ChoiceSelect, LabelledField, SuggestInput } from '@/ui/inputs';
import { itemControl } from './questionnaire-rules';
import type { ItemInputProps, QuestionnaireSources } from './item-input-props';

export const NO_ANSWERS_DEFINED = 'No Answers Defined';

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
export function ChoiceInput({ item, answers, onChange, error, sources }: ItemInputProps) {
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
      <LabelledField {...common}>
        {(field) => (
          <SuggestInput
            {...field}
            suggestions={labels.map((label) => label.label)}
            value={openText?.valueString ?? (chosen[0] ? (options[Number(chosen[0])]?.label ?? '') : '')}
            onChange={(text) => {
              const option = options.find((candidate) => candidate.label === text);
              onChange(option ? [option.answer] : text ? [{ valueString: text }] : []);
            }}
          />
        )}
      </LabelledField>
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
      <LabelledField {...common}>
        {(field) => (
          <ChoiceSelect
            {...field}
            options={labels}
            value={chosen[0]}
            onChange={(value) => onChange(answersFor(value ? [value] : []))}
          />
        )}
      </LabelledField>
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
