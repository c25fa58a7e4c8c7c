import type { Resource } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultDefinitionLoader } from '@mocks/engine/definition-files';
import { GlobalDefinitions } from '@mocks/engine/definitions';
import { GlobalTerminology } from '@mocks/engine/terminology';
import { ResourceValidation } from '@mocks/engine/validation';
import { buildLargeTaskSeed, RIVERSIDE_PROJECT_ID } from './index';
import { NOW, seed } from './test-support';

const validation = new ResourceValidation(
  new GlobalDefinitions(defaultDefinitionLoader),
  new GlobalTerminology(defaultDefinitionLoader)
);

beforeAll(() => validation.ensure());

/** Each problem as `Type/id Expression: text`, so a failure names every invalid element at once. */
function problems(resources: Resource[]): string[] {
  return resources.flatMap((resource) =>
    validation
      .errors(resource)
      .map(
        (issue) =>
          `${resource.resourceType}/${resource.id} ${issue.expression?.join(', ') ?? ''}: ${issue.details?.text ?? ''}`
      )
  );
}

describe('the seed is valid FHIR, as a real server would accept it', () => {
  it('every resource of the demo project and of Riverside Clinic validates', () => {
    const resources = seed().resources.map((entry) => entry.resource);
    expect(
      seed().resources.filter((entry) => entry.projectId === RIVERSIDE_PROJECT_ID).length
    ).toBeGreaterThan(0);
    expect(problems(resources)).toEqual([]);
  });

  it('every resource of the large benchmark seed validates', () => {
    const resources = buildLargeTaskSeed({ tasks: 300, patients: 60, now: NOW }).map(
      (entry) => entry.resource
    );
    expect(problems(resources)).toEqual([]);
  });
});
