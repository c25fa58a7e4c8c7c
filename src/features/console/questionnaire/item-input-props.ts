import type {
  Coding,
  QuestionnaireItem,
  QuestionnaireResponseItemAnswer,
  Reference,
} from '@medplum/fhirtypes';

/** Where a questionnaire's coded options and reference choices come from. */
export interface QuestionnaireSources {
  expandValueSet?: (url: string, filter: string) => Promise<Coding[]>;
  searchReferences?: (resourceTypes: string[], text: string, filter?: string) => Promise<Reference[]>;
}

/** What the input of one item takes: the item, its answers, and the required-answer error. */
export interface ItemInputProps {
  item: QuestionnaireItem;
  answers: QuestionnaireResponseItemAnswer[];
  onChange: (answers: QuestionnaireResponseItemAnswer[]) => void;
  error?: string;
  sources: QuestionnaireSources;
}
