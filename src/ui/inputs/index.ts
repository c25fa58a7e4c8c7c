/**
 * The input kit: one typed input per kind of FHIR value, used by the console's resource form, the
 * questionnaire and the patient summary's dialogs, so that a rule about dates, references or
 * attachments lives in one input whoever draws it.
 *
 * - <TypedInput typeCode element value onChange subFields/>: the one switch that picks the input of
 *   a value by its FHIR type (an option list or bound ValueSet first).
 * - <ElementInput/> and elementProps(): a schema element as a labelled field (lists, slices, choice
 *   types, sub-fields of complex types), the resource form's building block.
 * - Kinds: TextInput, TextAreaInput, NumberInput, BooleanInput, DateInput, DateTimeInput, TimeInput,
 *   ReferenceInput, AttachmentInput (5 MB at most), CodeSelect, ConceptInput, OptionSelect,
 *   TimingInput, WordsInput; for short forms in the library's look ChoiceSelect and SuggestInput,
 *   and LabelledField, which frames any of them with its label and error.
 * - <InputSourcesProvider sources/>: where references and ValueSet codes are looked up (the console
 *   passes useFormDataSources() of src/ui); FormStateContext: the server's outcome and profile.
 */
export { TypedInput, type Change, type TypedInputProps } from './TypedInput';
export { ElementInput, elementProps, type ElementInputProps, type PropertyChange } from './ElementInput';
export { type ValueInputProps } from './input-props';
export { NativeInput, type NativeInputProps } from './NativeInput';
export { TextInput, type TextInputProps } from './TextInput';
export { TextAreaInput } from './TextAreaInput';
export {
  hasInputErrors,
  NumberInput,
  readNumber,
  toFhirNumber,
  type NumberInputProps,
  type NumberReading,
} from './NumberInput';
export { BooleanInput } from './BooleanInput';
export { DateInput } from './DateInput';
export { DateTimeInput } from './DateTimeInput';
export { TimeInput } from './TimeInput';
export { ReferenceInput, type ReferenceInputProps } from './ReferenceInput';
export {
  AttachmentInput,
  MAX_INLINE_BYTES,
  fileToBase64,
  type AttachmentInputProps,
} from './AttachmentInput';
export { CodeSelect, type CodedShape, type CodeSelectProps } from './CodeSelect';
export { ConceptInput, type ConceptInputProps } from './ConceptInput';
export { OptionSelect, type OptionSelectProps } from './OptionSelect';
export { TimingInput, type TimingInputProps } from './TimingInput';
export { ChoiceSelect, type ChoiceSelectProps } from './ChoiceSelect';
export { SuggestInput, type SuggestInputProps } from './SuggestInput';
export { ArrayInput, type ArrayInputProps } from './ArrayInput';
export { FieldFrame, type FieldFrameProps } from './FieldFrame';
export { LabelledField, type LabelledFieldProps, type LabelledInput } from './LabelledField';
export { InputSourcesProvider, useInputSources, type InputSources } from './InputSources';
export { FormStateContext, useFormState, type FormState } from './form-state';
export { RESOURCE_HIDDEN } from './field-rules';
export { withProperty, type JsonObject } from './element-schema';
export { useEditedResource } from './use-edited-resource';
export { cleanValue } from './clean-value';
export { fromLocalInput, toFhirTime, toLocalInput } from './date-inputs';
export {
  expressionMatchesPath,
  fieldErrorText,
  issueExpressions,
  issuesForPath,
  issueText,
  withoutIndexes,
} from './issue-paths';
export { referenceSearchParameter, referenceSearchQuery, targetTypeName } from './reference-search';
export { default as inputClasses } from './inputs.module.css';
