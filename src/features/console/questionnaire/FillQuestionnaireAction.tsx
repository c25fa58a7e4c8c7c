import { Alert, Button, Select, Text } from '@mantine/core';
import type { Questionnaire, Resource } from '@medplum/fhirtypes';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormModal, useReplicaQuery, useServerRead } from '@/ui';

/** The questionnaires offered for filling in: at most this many, by title. */
const QUESTIONNAIRE_COUNT = 100;

/** The resource types a questionnaire can be filled in for, and the query naming it on the form. */
export function fillTarget(resource: Resource): string | undefined {
  if (resource.resourceType === 'Patient') return `subject=Patient/${resource.id}`;
  if (resource.resourceType === 'Task') return `task=Task/${resource.id}`;
  return undefined;
}

const label = (questionnaire: Questionnaire): string =>
  questionnaire.title ?? questionnaire.name ?? `Questionnaire/${questionnaire.id}`;

/** The active questionnaires: the server's, else (offline) the ones this device keeps. */
function useQuestionnaires(opened: boolean) {
  const server = useServerRead(opened ? 'Questionnaire?status=active' : null, (fhir) =>
    fhir.searchAll(
      'Questionnaire',
      { status: 'active', _count: QUESTIONNAIRE_COUNT },
      { max: QUESTIONNAIRE_COUNT }
    )
  );
  const held = useReplicaQuery(async (reader) => {
    const records = await reader.recordsOfType('Questionnaire');
    return records.filter((record) => record.deleted === 0).map((record) => record.resource as Questionnaire);
  }, []);
  const found =
    server.status === 'ready'
      ? (server.data.filter((resource) => resource.resourceType === 'Questionnaire') as Questionnaire[])
      : (held ?? []).filter((questionnaire) => questionnaire.status === 'active');
  return {
    questionnaires: [...found].sort((a, b) => label(a).localeCompare(label(b))),
    error: server.status === 'error' ? server.message : undefined,
    loading: server.status === 'loading' || held === undefined,
  };
}

/** 'Fill questionnaire' on a patient or task: pick a questionnaire, then fill it in about this resource. */
export function FillQuestionnaireAction({ resource }: { resource: Resource }) {
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const { questionnaires, error, loading } = useQuestionnaires(opened);
  const target = fillTarget(resource);
  if (!target) return null;
  return (
    <>
      <Button variant="default" mih={44} onClick={() => setOpened(true)}>
        Fill questionnaire
      </Button>
      <FormModal
        opened={opened}
        title="Fill questionnaire"
        submitLabel="Fill"
        canSubmit={!!chosen}
        onClose={() => setOpened(false)}
        onSubmit={() => void navigate({ href: `/Questionnaire/${chosen}/form?${target}` })}
      >
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Select
          label="Questionnaire"
          placeholder={loading ? 'Loading...' : 'Choose a questionnaire'}
          data={questionnaires.map((questionnaire) => ({
            value: questionnaire.id ?? '',
            label: label(questionnaire),
          }))}
          value={chosen}
          onChange={setChosen}
          searchable
          nothingFoundMessage="Nothing found..."
          comboboxProps={{ withinPortal: false }}
        />
        {!loading && questionnaires.length === 0 && <Text c="dimmed">No results</Text>}
      </FormModal>
    </>
  );
}
