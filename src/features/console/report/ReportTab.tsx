import { Anchor, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Attachment, DiagnosticReport, Observation, Specimen } from '@medplum/fhirtypes';
import { formatCodeableConcept, formatDateTime, formatReference } from '@/ui';
import { ServerStateNotice } from '../common/ServerStateNotice';
import { resultRow, specimenRow } from './results';
import { ResultsTable } from './ResultsTable';
import { useReferenced } from './use-referenced';

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

/** Where an attached form can be opened: its URL, or its inline data as a data URL. */
function attachmentHref(attachment: Attachment): string | undefined {
  if (attachment.url) return attachment.url;
  if (attachment.data)
    return `data:${attachment.contentType ?? 'application/octet-stream'};base64,${attachment.data}`;
  return undefined;
}

/** The samples a report's results come from, with when each was collected and received. */
function Specimens({ report }: { report: DiagnosticReport }) {
  const specimens = useReferenced<Specimen>('Specimen', report.specimen);
  if (!report.specimen?.length) return null;
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        Specimens
      </Title>
      {specimens.status === 'ready' ? (
        <List aria-label="Specimens" spacing={4}>
          {specimens.data.map(specimenRow).map((row) => (
            <List.Item key={row.id}>
              <Text size="sm" fw={500} span>
                {row.specimen}
              </Text>
              <Text size="sm" span>
                {` · Collected ${row.collected || '—'} · Received ${row.received || '—'}`}
                {row.note && ` · ${row.note}`}
              </Text>
            </List.Item>
          ))}
        </List>
      ) : (
        <ServerStateNotice state={specimens} what="specimens" />
      )}
    </Stack>
  );
}

/** The report as the lab presented it (PDFs, images), each opened in a new tab. */
function PresentedForms({ forms }: { forms: Attachment[] | undefined }) {
  const linked = (forms ?? []).flatMap((form) => {
    const href = attachmentHref(form);
    return href ? [{ href, title: form.title || form.contentType || 'Attachment' }] : [];
  });
  if (linked.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        Presented forms
      </Title>
      {linked.map((form, index) => (
        <Anchor
          key={index}
          href={form.href}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          // Browsers do not open inline data in a new tab: it is saved instead.
          download={form.href.startsWith('data:') ? form.title : undefined}
        >
          {form.title}
        </Anchor>
      ))}
    </Stack>
  );
}

/** The Report tab of a DiagnosticReport: who, by whom, when, its status, specimens, results and forms. */
export function ReportTab({ report }: { report: DiagnosticReport }) {
  const results = useReferenced<Observation>('Observation', report.result);
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
      <Specimens report={report} />
      {results.status === 'ready' ? (
        results.data.length > 0 ? (
          <ResultsTable rows={results.data.map(resultRow)} />
        ) : (
          <Text c="dimmed">No results</Text>
        )
      ) : (
        <ServerStateNotice state={results} what="results" />
      )}
      <PresentedForms forms={report.presentedForm} />
    </Stack>
  );
}
