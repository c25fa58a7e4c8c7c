import type { Resource } from '@medplum/fhirtypes';
import type { SeedProject } from '../seed/types';

/** What the auth service may do to the FHIR data: read profiles, create users' profiles and projects. */
export interface ProjectDirectory {
  readResource(projectId: string, resourceType: string, id: string): Resource | undefined;
  createResource<T extends Resource>(projectId: string, resource: T): T;
  createProject(name: string): SeedProject;
  project(projectId: string): SeedProject | undefined;
}
