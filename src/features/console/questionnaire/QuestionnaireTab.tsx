import type { Questionnaire, Resource, Task } from '@medplum/fhirtypes';
import type { ReactNode } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { referencePath, referenceTo } from '@/ui';
import { ResourceStateNotice } from '../common/ResourceStateNotice';
import { useConsoleResource } from '../common/use-console-resource';
import { QuestionnaireFill } from './QuestionnaireFill';
import type { ResponseContext } from './use-response-draft';

/** The request types a QuestionnaireResponse may be based on (R4: CarePlan, ServiceRequest). */
const BASED_ON_TYPES = ['CarePlan/', 'ServiceRequest/'];

/**
 * What a response filled in for a task is about: the task's patient, its requests and encounter; the
 * task itself gets the submitted response as an output.
 */
export function taskContext(task: Task): ResponseContext {
  const basedOn = (task.basedOn ?? []).filter((reference) =>
    BASED_ON_TYPES.some((prefix) => reference.reference?.startsWith(prefix))
  ) as ResponseContext['basedOn'] & object;
  return {
    ...(task.id ? { task: { reference: `Task/${task.id}` } } : {}),
    ...(task.for ? { subject: task.for } : {}),
    ...(basedOn.length > 0 ? { basedOn } : {}),
    ...(task.encounter ? { encounter: task.encounter as ResponseContext['encounter'] } : {}),
  };
}

/** The resource a `?subject=` or `?task=` names, loaded (from the replica, else the server). */
function WithResource({
  reference,
  children,
}: {
  reference: string;
  children: (resource: Resource) => ReactNode;
}) {
  const target = referencePath({ reference }) ?? { resourceType: '', id: '' };
  const found = useConsoleResource(target.resourceType, target.id);
  if (found.status !== 'ready') return <ResourceStateNotice found={found} {...target} />;
  return <>{children(found.resource)}</>;
}

/**
 * The Form tab of a Questionnaire: fill it in. `?subject=Patient/1` makes the response about that
 * patient; `?task=Task/2` about the task's patient, based on the task's requests.
 */
export function QuestionnaireTab({ questionnaire }: { questionnaire: Questionnaire }) {
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const query = new URLSearchParams(searchStr);
  const task = query.get('task');
  const subject = query.get('subject');
  if (task && referencePath({ reference: task })) {
    return (
      <WithResource reference={task}>
        {(resource) => (
          <QuestionnaireFill questionnaire={questionnaire} context={taskContext(resource as Task)} />
        )}
      </WithResource>
    );
  }
  if (subject && referencePath({ reference: subject })) {
    return (
      <WithResource reference={subject}>
        {(resource) => (
          <QuestionnaireFill questionnaire={questionnaire} context={{ subject: referenceTo(resource) }} />
        )}
      </WithResource>
    );
  }
  return <QuestionnaireFill questionnaire={questionnaire} context={{}} />;
}
