import type { Resource } from '@medplum/fhirtypes';
import { useEffect, useMemo } from 'react';
import { useCommands } from '../hooks/use-commands';
import { useServerRead } from '../hooks/use-server';
import { useBrowserOnline } from '../hooks/use-sync-status';
import { useReplicaQuery } from '../use-replica-query';
import {
  patientRecords,
  resourcesOfAnswers,
  SUMMARY_TYPES,
  summaryReads,
  type PatientRecords,
} from './patient-records';

export interface PatientRecordsState {
  /** Undefined until the device's copy has been read. */
  records?: PatientRecords;
  /** 'server' once the server answered; 'device' while it has not (offline, or still asking). */
  source: 'server' | 'device';
  /** The server's words when it refused the reads. */
  error?: string;
  /** The server cannot be reached: the lists are the device's copy. */
  offline: boolean;
}

/**
 * A patient's allergies, problems, medications, smoking status, vitals, next appointment and last
 * visit. Drawn from the replica at once (offline too), with unsent changes; online the server is
 * asked in one batch and its answers are kept in the replica, so they are there offline afterwards.
 */
export function usePatientRecords(patientId: string): PatientRecordsState {
  const patient = `Patient/${patientId}`;
  const online = useBrowserOnline();
  const { keepServerVersions } = useCommands();
  const server = useServerRead(`patient-summary/${patient}`, (fhir) =>
    fhir.batch(summaryReads(patient, new Date()))
  );
  const fetched = useMemo<Resource[]>(
    () => (server.status === 'ready' ? resourcesOfAnswers(server.data) : []),
    [server]
  );
  useEffect(() => {
    // Kept for offline use; if storing fails the summary still shows the server's answer.
    if (fetched.length > 0) void keepServerVersions(fetched).catch(() => undefined);
  }, [fetched, keepServerVersions]);
  // Coming back to the summary (from another tab of the patient or the task) draws the records read
  // last time at once; the read that follows brings anything changed meanwhile.
  const held = useReplicaQuery(
    async (reader) => (await Promise.all(SUMMARY_TYPES.map((type) => reader.recordsOfType(type)))).flat(),
    [],
    { remember: 'patient summary records' }
  );
  const records = useMemo(
    () => (held ? patientRecords(patient, held, fetched, new Date()) : undefined),
    [patient, held, fetched]
  );
  return {
    records,
    source: server.status === 'ready' ? 'server' : 'device',
    error: server.status === 'error' ? server.message : undefined,
    // Offline the lists are the device's copy, also when the server's answer was read before.
    offline: !online || server.status === 'offline',
  };
}
