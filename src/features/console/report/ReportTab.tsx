import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { DiagnosticReport } from '@medplum/fhirtypes';
import { formatCodeableConcept, formatDateTime, formatReference } from '@/ui';
import { ServerStateNotice } from '../resource/ServerStateNotice';
import { resultRow } from './results';
import { ResultsTable } from './ResultsTable';
import { useResults } from './use-results';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text size="sm">{value || '—'}</Text>
    </div>
  );
}

/** The Report tab of a DiagnosticReport: who, by whom, when, its status and its results. */
export function ReportTab({ report }: { report: DiagnosticReport }) {
  const results = useResults(report.result);
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {formatCodeableConcept(report.code) || 'Report'}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        <Fact label="Subject" value={formatReference(report.subject)} />
        <Fact label="Interpreter" value={(report.resultsInterpreter ?? []).map(formatReference).join(', ')} />
        <Fact label="Performer" value={(report.performer ?? []).map(formatReference).join(', ')} />
        <Fact label="Issued" value={formatDateTime(report.issued)} />
        <Fact label="Status" value={report.status ?? ''} />
        <Fact label="Category" value={(report.category ?? []).map(formatCodeableConcept).join(', ')} />
      </SimpleGrid>
      {results.status === 'ready' ? (
        results.data.length > 0 ? (
          <ResultsTable rows={results.data.map(resultRow)} />
        ) : (
          <Text c="dimmed">No results</Text>
        )
      ) : (
        <ServerStateNotice state={results} what="results" />
      )}
    </Stack>
  );
}
