import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Resource } from '@medplum/fhirtypes';
import { deepFreeze, type SavedSearchIndex, type VersionRecord } from '../engine/store';
import type { SavedTypeIndex } from '../engine/types';
import type { FakeServerState } from '../server';
import { frameBytes, readFrames } from './journal';

/**
 * The data file: a full state, the first journal generation not yet folded into it, and the search
 * indexes of each project as they were when the state was taken.
 */
export interface SnapshotFile extends FakeServerState {
  journalGeneration?: number;
  searchIndexes?: Record<string, readonly SavedSearchIndex[]>;
}

/**
 * The snapshot's layout, chosen so that a restart reads little more than an index:
 *   "CQSNAP2\n", then frames as the journal's ([length][CRC-32][payload]):
 *   - a head: the state without its versions, as JSON;
 *   - chunks of up to CHUNK_VERSIONS versions of one project, each
 *     [index length: uint32 LE][index: JSON][the resources' JSON texts, one after another];
 *   - last, as many frames as the head's `searchIndexFrames` says, one per saved search index:
 *     [about length: uint32 LE][about: JSON (project, type, writes covered)][the index: JSON].
 * The index names each version (type, id, versionId, lastUpdated, method) and the byte length of its
 * resource (-1 for a delete). Loading checks every checksum and parses the indexes only: a resource is
 * parsed from the file's bytes the first time something reads it, a search index the first time its
 * type is searched. All text is ASCII (other characters as \u escapes), so it decodes as one-byte
 * strings.
 */
const MAGIC = Buffer.from('CQSNAP2\n', 'latin1');
const CHUNK_VERSIONS = 2000;

type IndexEntry = [
  resourceType: string,
  id: string,
  versionId: string,
  lastUpdated: string,
  method: string,
  length: number,
];

interface ChunkIndex {
  projectId: string;
  versions: IndexEntry[];
}

type Head = Omit<SnapshotFile, 'engine' | 'searchIndexes'> & {
  engine: Omit<SnapshotFile['engine'], 'projects'> & {
    projects: (Omit<SnapshotFile['engine']['projects'][number], 'versions'> & { versions: number })[];
  };
  searchIndexFrames?: number;
};

/** What a search index frame says of its index. */
type IndexAbout = Omit<SavedSearchIndex, 'index'> & { projectId: string };

/** On a loaded version: where its resource's text lies in the file's bytes. */
const TEXT = Symbol('resource text');

interface TextSpan {
  bytes: Buffer;
  start: number;
  end: number;
}

/** The resource's text as it was read, so a writer copies the bytes instead of encoding them again. */
function textOf(version: VersionRecord): Buffer | undefined {
  const span = (version as { [TEXT]?: TextSpan })[TEXT];
  return span && span.bytes.subarray(span.start, span.end);
}

/** JSON with every character beyond ASCII as a \u escape. */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
  );
}

/** True when the file starts as this layout does (older data files are one JSON document). */
export function isSnapshotFile(bytes: Buffer): boolean {
  return bytes.length >= MAGIC.length && bytes.subarray(0, MAGIC.length).equals(MAGIC);
}

/**
 * The snapshot's bytes, piece by piece: the magic and head at once (so the state outside the versions
 * is taken as it is now), then one chunk of versions each time the next piece is asked for.
 */
export function* snapshotPieces(state: SnapshotFile): Generator<Buffer, void, undefined> {
  const { searchIndexes = {}, ...rest } = state;
  const indexes = Object.entries(searchIndexes).flatMap(([projectId, saved]) =>
    saved.map((index) => ({ projectId, saved: index }))
  );
  const head: Head = {
    ...rest,
    ...(indexes.length > 0 ? { searchIndexFrames: indexes.length } : {}),
    engine: {
      ...state.engine,
      projects: state.engine.projects.map(({ versions, ...project }) => ({
        ...project,
        versions: versions.length,
      })),
    },
  };
  yield Buffer.concat([MAGIC, frameBytes(Buffer.from(asciiJson(head), 'latin1'))]);
  for (const project of state.engine.projects) {
    for (let from = 0; from < project.versions.length; from += CHUNK_VERSIONS) {
      yield chunk(project.id, project.versions.slice(from, from + CHUNK_VERSIONS));
    }
  }
  for (const { projectId, saved } of indexes) yield indexFrame(projectId, saved);
}

function indexFrame(projectId: string, saved: SavedSearchIndex): Buffer {
  const { resourceType, versions, lastId, lastVersionId } = saved;
  const about = { projectId, resourceType, versions, lastId, lastVersionId } satisfies IndexAbout;
  const aboutBytes = Buffer.from(asciiJson(about), 'latin1');
  const length = Buffer.allocUnsafe(4);
  length.writeUInt32LE(aboutBytes.length, 0);
  return frameBytes(Buffer.concat([length, aboutBytes, Buffer.from(asciiJson(saved.index), 'latin1')]));
}

/** Writes the state to `path` (a new file) in one go; answers the bytes written. */
export function writeSnapshotFile(path: string, state: SnapshotFile): number {
  const fd = openSync(path, 'w');
  let written = 0;
  try {
    for (const piece of snapshotPieces(state)) {
      let done = 0;
      while (done < piece.length) done += writeSync(fd, piece, done, piece.length - done);
      written += piece.length;
    }
  } finally {
    closeSync(fd);
  }
  return written;
}

/**
 * Writes the state to `path` (a new file) a chunk at a time, letting other work run between chunks,
 * and flushes it to disk; answers the bytes written. The state's head is encoded before it returns.
 */
export async function writeSnapshotFileInSteps(path: string, state: SnapshotFile): Promise<number> {
  const pieces = snapshotPieces(state);
  const first = pieces.next();
  const file = await open(path, 'w');
  let written = 0;
  try {
    for (let piece = first; !piece.done; piece = pieces.next()) {
      let done = 0;
      while (done < piece.value.length) done += (await file.write(piece.value, done)).bytesWritten;
      written += piece.value.length;
    }
    await file.datasync();
  } finally {
    await file.close();
  }
  return written;
}

function chunk(projectId: string, versions: readonly VersionRecord[]): Buffer {
  const texts: Buffer[] = [];
  const entries = versions.map((version): IndexEntry => {
    const text =
      textOf(version) ?? (version.resource ? Buffer.from(asciiJson(version.resource), 'latin1') : undefined);
    if (text) texts.push(text);
    const { resourceType, id, versionId, lastUpdated, method } = version;
    return [resourceType, id, versionId, lastUpdated, method, text ? text.length : -1];
  });
  const index = Buffer.from(asciiJson({ projectId, versions: entries } satisfies ChunkIndex), 'latin1');
  const length = Buffer.allocUnsafe(4);
  length.writeUInt32LE(index.length, 0);
  return frameBytes(Buffer.concat([length, index, ...texts]));
}

/**
 * Reads a snapshot written by writeSnapshotFile. Any damage (a frame cut short or failing its
 * checksum, a count that does not add up) is an error: the file is replaced only by a rename after
 * it was flushed, so a damaged one was not written by this server and must not be taken as the data.
 */
export function readSnapshotFile(bytes: Buffer): SnapshotFile {
  if (!isSnapshotFile(bytes)) throw new Error('Not a CareQueue snapshot');
  const frames = [...readFrames(bytes, MAGIC.length)];
  const end = frames[frames.length - 1]?.end ?? MAGIC.length;
  const headFrame = frames[0];
  if (!headFrame || end !== bytes.length) throw new Error('The snapshot is damaged');
  const { searchIndexFrames = 0, ...head } = JSON.parse(
    bytes.toString('latin1', headFrame.start, headFrame.end)
  ) as Head;
  const chunksEnd = frames.length - searchIndexFrames;
  if (chunksEnd < 1) throw new Error('The snapshot lacks its search indexes');
  const versionsOf = new Map<string, VersionRecord[]>();
  for (const frame of frames.slice(1, chunksEnd)) {
    const indexLength = bytes.readUInt32LE(frame.start);
    const indexEnd = frame.start + 4 + indexLength;
    const index = JSON.parse(bytes.toString('latin1', frame.start + 4, indexEnd)) as ChunkIndex;
    let list = versionsOf.get(index.projectId);
    if (!list) versionsOf.set(index.projectId, (list = []));
    let at = indexEnd;
    for (const entry of index.versions) {
      list.push(lazyVersion(entry, bytes, at));
      if (entry[5] > 0) at += entry[5];
    }
    if (at !== frame.end) throw new Error('A snapshot chunk does not match its index');
  }
  const searchIndexes: Record<string, SavedSearchIndex[]> = {};
  for (const frame of frames.slice(chunksEnd)) {
    const aboutEnd = frame.start + 4 + bytes.readUInt32LE(frame.start);
    const about = JSON.parse(bytes.toString('latin1', frame.start + 4, aboutEnd)) as IndexAbout;
    (searchIndexes[about.projectId] ??= []).push(
      new LazySearchIndex(about, { bytes, start: aboutEnd, end: frame.end })
    );
  }
  const projects = head.engine.projects.map(({ versions: count, ...project }) => {
    const versions = versionsOf.get(project.id) ?? [];
    if (versions.length !== count) throw new Error(`The snapshot lacks versions of project ${project.id}`);
    return { ...project, versions };
  });
  return { ...head, engine: { ...head.engine, projects }, searchIndexes } as SnapshotFile;
}

/**
 * A saved search index whose index is parsed from the snapshot's bytes each time it is read (once or
 * twice, when its type is first searched or saved again): the parsed index is not kept.
 */
class LazySearchIndex implements SavedSearchIndex {
  readonly resourceType: string;
  readonly versions: number;
  readonly lastId: string;
  readonly lastVersionId: string;

  constructor(
    about: IndexAbout,
    private readonly span: TextSpan
  ) {
    ({
      resourceType: this.resourceType,
      versions: this.versions,
      lastId: this.lastId,
      lastVersionId: this.lastVersionId,
    } = about);
  }

  get index(): SavedTypeIndex {
    const { bytes, start, end } = this.span;
    return JSON.parse(bytes.toString('latin1', start, end)) as SavedTypeIndex;
  }
}

/**
 * A frozen version whose resource is parsed from the snapshot's bytes (and frozen) the first time it
 * is read. The resource is a getter of the class, so making one per version at a restart costs no
 * more than a plain object; JSON (toJSON) writes it like any other version.
 */
class LazyVersion {
  readonly [TEXT]: TextSpan;
  #parsed: Resource | undefined;

  constructor(
    readonly resourceType: string,
    readonly id: string,
    readonly versionId: string,
    readonly lastUpdated: string,
    readonly method: VersionRecord['method'],
    span: TextSpan
  ) {
    this[TEXT] = span;
    Object.freeze(this);
  }

  get resource(): Resource {
    if (!this.#parsed) {
      const span = this[TEXT];
      this.#parsed = JSON.parse(span.bytes.toString('latin1', span.start, span.end)) as Resource;
      deepFreeze(this.#parsed);
    }
    return this.#parsed;
  }

  toJSON(): VersionRecord {
    const { resourceType, id, versionId, lastUpdated, method, resource } = this;
    return { resourceType, id, versionId, lastUpdated, method, resource } as VersionRecord;
  }
}

function lazyVersion(entry: IndexEntry, bytes: Buffer, start: number): VersionRecord {
  const [resourceType, id, versionId, lastUpdated, method, length] = entry;
  if (length < 0) return Object.freeze({ resourceType, id, versionId, lastUpdated, method } as VersionRecord);
  return new LazyVersion(resourceType, id, versionId, lastUpdated, method as VersionRecord['method'], {
    bytes,
    start,
    end: start + length,
  }) as unknown as VersionRecord;
}

/** Reads a data file in either layout: this one, or the single JSON document older servers wrote. */
export function readDataFile(path: string): { state: SnapshotFile; bytes: number } {
  const bytes = readFileSync(path);
  if (isSnapshotFile(bytes)) return { state: readSnapshotFile(bytes), bytes: bytes.length };
  const text = bytes.toString('utf8');
  return { state: JSON.parse(text) as SnapshotFile, bytes: bytes.length };
}
