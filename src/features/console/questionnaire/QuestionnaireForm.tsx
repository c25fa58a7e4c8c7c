import { Alert, Button, Fieldset, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import type { Questionnaire, QuestionnaireItem, QuestionnaireResponse } from '@medplum/fhirtypes';
import { useMemo, useState } from 'react';
import { QuestionnaireItemInput, type QuestionnaireSources } from './QuestionnaireItemInput';
import {
  answersOf,
  enabledItems,
  initialAnswers,
  missingAnswers,
  questionnairePages,
  type Answers,
} from './questionnaire-rules';

export const REQUIRED_ANSWER = 'This question needs an answer';

interface QuestionnaireFormProps {
  questionnaire: Questionnaire;
  /** An in-progress response to go on with; a new one starts from the items' initial values. */
  response?: QuestionnaireResponse;
  /** Answers to start from (a draft kept on this device); they win over `response`. */
  answers?: Answers;
  sources?: QuestionnaireSources;
  /** Every change of the answers, so the caller can keep the response in progress. */
  onChange?: (answers: Answers) => void;
  /** Submit: every shown required question has an answer. */
  onSubmit: (answers: Answers) => void;
  submitting?: boolean;
  /** The server's words about items of the last response it refused, by linkId: shown under each. */
  itemErrors?: ReadonlyMap<string, string>;
}

interface ItemsProps {
  items: QuestionnaireItem[];
  enabled: Set<string>;
  answers: Answers;
  errors: Set<string>;
  /** The server's words about an item, until its answer changes. */
  serverErrors: ReadonlyMap<string, string>;
  sources: QuestionnaireSources;
  setAnswer: (linkId: string, answers: Answers[string]) => void;
}

/** The shown items of a page: groups as titled boxes, display items as text, questions as inputs. */
function Items({ items, enabled, ...rest }: ItemsProps) {
  return (
    <Stack gap="sm">
      {items
        .filter((item) => enabled.has(item.linkId))
        .map((item) => {
          if (item.type === 'group') {
            return (
              <Fieldset key={item.linkId} legend={item.text}>
                <Items items={item.item ?? []} enabled={enabled} {...rest} />
              </Fieldset>
            );
          }
          if (item.type === 'display') {
            return (
              <Text key={item.linkId} size="sm">
                {item.text}
              </Text>
            );
          }
          return (
            <QuestionnaireItemInput
              key={item.linkId}
              item={item}
              answers={rest.answers[item.linkId] ?? []}
              error={rest.errors.has(item.linkId) ? REQUIRED_ANSWER : rest.serverErrors.get(item.linkId)}
              sources={rest.sources}
              onChange={(answers) => rest.setAnswer(item.linkId, answers)}
            />
          );
        })}
    </Stack>
  );
}

const NO_ERRORS: ReadonlyMap<string, string> = new Map();

/** Whether an item, or one of the items inside it, has this linkId. */
function holds(item: QuestionnaireItem, linkId: string): boolean {
  return item.linkId === linkId || (item.item ?? []).some((inner) => holds(inner, linkId));
}

/**
 * A questionnaire to fill in. Items with page control become steps (Back, Next, Submit), and Next
 * stays on the page until its shown required questions have answers; items appear and disappear
 * as their enableWhen conditions hold.
 */
export function QuestionnaireForm({
  questionnaire,
  response,
  answers: startAnswers,
  sources = {},
  onChange,
  onSubmit,
  submitting,
  itemErrors = NO_ERRORS,
}: QuestionnaireFormProps) {
  const pages = useMemo(() => questionnairePages(questionnaire), [questionnaire]);
  const [answers, setAnswers] = useState<Answers>(
    () => startAnswers ?? (response?.item ? answersOf(response) : initialAnswers(questionnaire))
  );
  const [page, setPage] = useState(0);
  const [errors, setErrors] = useState<Set<string>>(new Set());
  // The server's words stay under an item until its answer changes; a new refusal shows them all
  // again, on the page of the first item named.
  const [server, setServer] = useState({ from: NO_ERRORS, shown: NO_ERRORS });
  if (server.from !== itemErrors) {
    setServer({ from: itemErrors, shown: itemErrors });
    const first = [...itemErrors.keys()][0];
    const at =
      first === undefined ? -1 : pages.findIndex((items) => items.some((item) => holds(item, first)));
    if (at >= 0) setPage(at);
  }
  const enabled = useMemo(() => enabledItems(questionnaire, answers), [questionnaire, answers]);
  const current = pages[page] ?? [];
  const last = page >= pages.length - 1;

  const setAnswer = (linkId: string, given: Answers[string]) => {
    const next = { ...answers };
    if (given.length > 0) next[linkId] = given;
    else delete next[linkId];
    setAnswers(next);
    setErrors((shown) => (shown.has(linkId) ? new Set([...shown].filter((id) => id !== linkId)) : shown));
    if (server.shown.has(linkId))
      setServer({ ...server, shown: new Map([...server.shown].filter(([id]) => id !== linkId)) });
    onChange?.(next);
  };
  /** Whether the items may be left: every shown required question answered, else they are marked. */
  const pageComplete = (items: QuestionnaireItem[]): boolean => {
    const missing = missingAnswers(items, enabled, answers);
    setErrors(new Set(missing));
    return missing.length === 0;
  };

  const body = (
    <Items
      items={current}
      enabled={enabled}
      answers={answers}
      errors={errors}
      serverErrors={server.shown}
      sources={sources}
      setAnswer={setAnswer}
    />
  );
  return (
    <form
      noValidate
      aria-label={questionnaire.title ?? questionnaire.name ?? 'Questionnaire'}
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        // The page must also pass the browser's own checks (a malformed URL, a number out of range).
        const valid = pageComplete(last ? pages.flat() : current) && form.checkValidity();
        if (!valid) {
          form.reportValidity();
          return;
        }
        if (last) onSubmit(answers);
        else setPage(page + 1);
      }}
    >
      <Stack gap="md">
        {questionnaire.title && (
          <Title order={2} size="h3">
            {questionnaire.title}
          </Title>
        )}
        {pages.length > 1 ? (
          <Stepper
            active={page}
            size="sm"
            allowNextStepsSelect={false}
            onStepClick={(step) => step < page && setPage(step)}
          >
            {pages.map((items, index) => (
              <Stepper.Step key={items[0]?.linkId ?? index} label={items[0]?.text ?? `Page ${index + 1}`}>
                {index === page && body}
              </Stepper.Step>
            ))}
          </Stepper>
        ) : (
          body
        )}
        {errors.size > 0 && (
          <Alert color="red" variant="light" role="alert">
            Answer the marked questions to go on.
          </Alert>
        )}
        <Group justify="flex-end">
          {pages.length > 1 && (
            <Button variant="default" mih={44} disabled={page === 0} onClick={() => setPage(page - 1)}>
              Back
            </Button>
          )}
          <Button type="submit" mih={44} loading={submitting}>
            {last ? 'Submit' : 'Next'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
