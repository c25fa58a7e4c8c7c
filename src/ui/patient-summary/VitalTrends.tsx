import { Button, Text } from '@mantine/core';
import type { Observation } from '@medplum/fhirtypes';
import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { vitalTrends } from './vital-trends';

// The charts come with their library in their own chunk, fetched only when trends are drawn; the
// service worker precaches it with the app, so it is there offline too.
const VitalTrendCharts = lazy(() => import('./VitalTrendCharts'));

const NO_READINGS: readonly Observation[] = [];

/** The room a row of charts takes, kept while they load so the list below does not jump. */
const LOADING_HEIGHT = 128;

/**
 * Whether the trends are drawn with the summary ('drawn', the patient's own Summary page) or when
 * the user asks with 'Show trends' ('on-request', where the summary sits beside other work, so the
 * charts' code is not fetched with that page).
 */
export type TrendsMode = 'drawn' | 'on-request';

/**
 * A trend chart for each vital sign with two or more readings (blood pressure with its systolic and
 * diastolic lines), with the latest value and date; nothing when no sign has two readings.
 */
export function VitalTrends({ readings, mode }: { readings: readonly Observation[]; mode: TrendsMode }) {
  // The charts follow the lists in a later render, so drawing them never holds back the rows.
  const deferred = useDeferredValue(readings, NO_READINGS);
  const trends = useMemo(() => vitalTrends(deferred), [deferred]);
  const [asked, setAsked] = useState(false);
  if (trends.length === 0) return null;
  if (mode === 'on-request' && !asked)
    return (
      <Button variant="light" size="compact-sm" mih={44} onClick={() => setAsked(true)}>
        {`Show trends (${trends.length})`}
      </Button>
    );
  return (
    <Suspense
      fallback={
        <Text size="sm" mih={LOADING_HEIGHT} aria-busy>
          Loading trends...
        </Text>
      }
    >
      <VitalTrendCharts trends={trends} />
    </Suspense>
  );
}
