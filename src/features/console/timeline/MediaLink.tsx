import { Anchor, Text } from '@mantine/core';
import type { Attachment } from '@medplum/fhirtypes';
import { useState } from 'react';
import { useFhirClient } from '@/ui';

/**
 * An attachment's file, opened on click: fetched with the session's token (a Binary needs one) and
 * shown in a new tab from the bytes. The server's words when it refuses.
 */
export function MediaLink({ content, children }: { content: Attachment; children: string }) {
  const fhir = useFhirClient({ cached: false });
  const [problem, setProblem] = useState<string>();
  const url = content.url ?? '';
  async function open(): Promise<void> {
    setProblem(undefined);
    const shown = window.open('', '_blank');
    try {
      const response = await fhir.api.requestResponse('GET', fhir.url(url), {
        headers: { Accept: content.contentType ?? '*/*' },
      });
      if (!response.ok) throw new Error(`The file could not be opened (HTTP ${response.status})`);
      const address = URL.createObjectURL(await response.blob());
      if (shown) shown.location.href = address;
      else window.location.assign(address);
    } catch (error) {
      shown?.close();
      setProblem(error instanceof Error ? error.message : String(error));
    }
  }
  return (
    <>
      <Anchor
        size="sm"
        href={url}
        onClick={(event) => {
          event.preventDefault();
          void open();
        }}
      >
        {children}
      </Anchor>
      {problem && (
        <Text size="xs" c="red" role="alert">
          {problem}
        </Text>
      )}
    </>
  );
}
