import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { Questionnaire } from '@medplum/fhirtypes';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { formatDateTime, formatReference, KEPT_MESSAGE, outcomeText } from '@/ui';
import { DraftNotice, LeaveGuard } from '@/ui/drafts';
import { QuestionnaireForm } from './QuestionnaireForm';
import { buildResponse, type Answers } from './questionnaire-rules';
import { responseIssues } from './response-issues';
import { useQuestionnaireSources } from './use-questionnaire-sources';
import { useResponseDraft, type ResponseContext, type Submitted } from './use-response-draft';

interface QuestionnaireFillProps {
  questionnaire: Questionnaire;
  context: ResponseContext;
}

/** Where the answers are while filling in: on this device only until Submit. */
function DraftStatus({ continued, keptAt }: { continued: boolean; keptAt?: Date }) {
  let text: string | undefined;
  if (keptAt)
    text = `In progress · kept on this device at ${formatDateTime(keptAt.toISOString())}; sent only when you submit`;
  else if (continued) text = 'In progress · continuing the answers kept on this device';
  if (!text) return null;
  return (
    <Text size="xs" c="dimmed" role="status" aria-label="Response state">
      {text}
    </Text>
  );
}

/**
 * Fills in a questionnaire as a QuestionnaireResponse about the context's subject: the answers are a
 * draft on this device while filling in (restored after a reload, with Discard), and Submit saves
 * one completed response. An in-progress response kept from before is continued and completed.
 */
export function QuestionnaireFill({ questionnaire, context }: QuestionnaireFillProps) {
  // A reference filter's {{%patient}} is the subject when the response is about a patient.
  const sources = useQuestionnaireSources(
    context.subject?.reference?.startsWith('Patient/') ? context.subject : undefined
  );
  const response = useResponseDraft(questionnaire, context);
  const [submitted, setSubmitted] = useState<Submitted>();
  const [round, setRound] = useState(0);
  const [started, setStarted] = useState(false);
  // The answers last submitted: a refusal's issues name items by their places in the response they made.
  const [sent, setSent] = useState<Answers>();
  const { outcome } = response;
  const issues = useMemo(
    () =>
      outcome && sent
        ? responseIssues(outcome, buildResponse(questionnaire, sent, { status: 'completed', authored: '' }))
        : undefined,
    [outcome, sent, questionnaire]
  );

  if (submitted) {
    return (
      <Stack gap="sm">
        {/* 'Submitted' only once the server has it; offline or slow it is kept here and sent later. */}
        <Alert
          color={submitted.delivery === 'sent' ? 'green' : 'blue'}
          title={
            submitted.delivery === 'sent' ? 'Response submitted' : `Response ${KEPT_MESSAGE.toLowerCase()}`
          }
        >
          <Group gap="xs">
            <Anchor
              renderRoot={(props) => (
                <Link
                  {...props}
                  to="/$resourceType/$id/$tab"
                  params={{ resourceType: 'QuestionnaireResponse', id: submitted.id, tab: 'details' }}
                />
              )}
            >
              Open the response
            </Anchor>
          </Group>
        </Alert>
        {response.taskOutcome && (
          <Alert color="red" role="alert" title="The task does not point at the response">
            {outcomeText(response.taskOutcome)}
          </Alert>
        )}
        <Group>
          <Button
            variant="default"
            mih={44}
            onClick={() => {
              setSubmitted(undefined);
              setRound(round + 1);
            }}
          >
            Fill in again
          </Button>
        </Group>
      </Stack>
    );
  }
  // The form starts from the draft once it is looked up; later lookups (after each save) leave it be.
  if ((response.draft === undefined || !response.answers.ready) && !started)
    return <Loader aria-label="Loading" />;
  if (!started) setStarted(true);
  return (
    <Stack gap="sm">
      {context.subject && (
        <Text size="sm">
          <Text span c="dimmed">
            Subject:{' '}
          </Text>
          {formatReference(context.subject)}
        </Text>
      )}
      <LeaveGuard unsaved={response.answers.isUnsaved} />
      <DraftNotice draft={response.answers} />
      <DraftStatus continued={!!response.draft} keptAt={response.answers.keptAt} />
      {/* What names an item is said under it; the rest, or a pointer to the marked items, here. */}
      {outcome && (
        <Alert color="red" role="alert" title="The response was not saved">
          {issues && issues.general.length === 0
            ? 'Correct the marked answers and submit again.'
            : outcomeText(issues ? { ...outcome, issue: issues.general } : outcome)}
        </Alert>
      )}
      <QuestionnaireForm
        key={`${round}:${response.answers.round}`}
        questionnaire={questionnaire}
        response={response.draft ?? undefined}
        answers={response.answers.restored}
        sources={sources}
        onChange={response.keep}
        submitting={response.submitting}
        itemErrors={issues?.byItem}
        onSubmit={(answers) => {
          setSent(answers);
          void response.submit(answers).then((done) => done && setSubmitted(done));
        }}
      />
    </Stack>
  );
}
