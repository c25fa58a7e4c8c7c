import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { Questionnaire } from '@medplum/fhirtypes';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatDateTime, formatReference, outcomeText } from '@/ui';
import { QuestionnaireForm } from './QuestionnaireForm';
import { useQuestionnaireSources } from './use-questionnaire-sources';
import { useResponseDraft, type ResponseContext } from './use-response-draft';

interface QuestionnaireFillProps {
  questionnaire: Questionnaire;
  context: ResponseContext;
}

/** Where the answers are: kept on this device while filling in, or why keeping them failed. */
function DraftStatus({ savedAt, started }: { savedAt?: Date; started: boolean }) {
  if (!savedAt && !started) return null;
  return (
    <Text size="xs" c="dimmed" role="status" aria-label="Response state">
      {savedAt
        ? `In progress · kept on this device at ${formatDateTime(savedAt.toISOString())}`
        : 'In progress · continuing the answers kept on this device'}
    </Text>
  );
}

/**
 * Fills in a questionnaire as a QuestionnaireResponse about the context's subject: answers are kept
 * in an in-progress response while filling in (it is picked up again after a reload), and Submit
 * completes it.
 */
export function QuestionnaireFill({ questionnaire, context }: QuestionnaireFillProps) {
  const sources = useQuestionnaireSources();
  const response = useResponseDraft(questionnaire, context);
  const [submitted, setSubmitted] = useState<string>();
  const [round, setRound] = useState(0);

  if (submitted) {
    return (
      <Stack gap="sm">
        <Alert color="green" title="Response submitted">
          <Group gap="xs">
            <Anchor
              renderRoot={(props) => (
                <Link
                  {...props}
                  to="/$resourceType/$id/$tab"
                  params={{ resourceType: 'QuestionnaireResponse', id: submitted, tab: 'details' }}
                />
              )}
            >
              Open the response
            </Anchor>
          </Group>
        </Alert>
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
  if (response.draft === undefined) return <Loader aria-label="Loading" />;
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
      <DraftStatus savedAt={response.savedAt} started={response.draft !== null} />
      {response.outcome && (
        <Alert color="red" role="alert" title="The response was not saved">
          {outcomeText(response.outcome)}
        </Alert>
      )}
      <QuestionnaireForm
        key={round}
        questionnaire={questionnaire}
        response={response.draft ?? undefined}
        sources={sources}
        onChange={response.keep}
        submitting={response.submitting}
        onSubmit={(answers) => void response.submit(answers).then((id) => id && setSubmitted(id))}
      />
    </Stack>
  );
}
