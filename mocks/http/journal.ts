import {
  close,
  closeSync,
  fdatasync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  writeSync,
} from 'node:fs';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';

const fdatasyncAsync = promisify(fdatasync);
const closeAsync = promisify(close);

/**
 * An append-only file of records. Each record is framed as
 *   [payload length: uint32 LE][CRC-32 of the payload: uint32 LE][payload: UTF-8 JSON]
 * so that a record torn by a crash (short, or with a wrong checksum) is recognised on reading.
 */
const HEADER_BYTES = 8;

export function frameRecord(record: unknown): Buffer {
  return frameJson(JSON.stringify(record));
}

/** Frames a record already encoded as JSON text. */
export function frameJson(json: string): Buffer {
  return frameBytes(Buffer.from(json, 'utf8'));
}

/** Frames a payload of bytes: its length, its CRC-32, the bytes. */
export function frameBytes(payload: Buffer): Buffer {
  const frame = Buffer.allocUnsafe(HEADER_BYTES + payload.length);
  frame.writeUInt32LE(payload.length, 0);
  frame.writeUInt32LE(crc32(payload), 4);
  payload.copy(frame, HEADER_BYTES);
  return frame;
}

/** One intact frame: where its payload lies in the bytes read, and where the next frame starts. */
export interface Frame {
  start: number;
  end: number;
}

/**
 * The intact frames of `bytes` from `offset` on, in order. It stops at the first frame that is cut
 * short or fails its checksum: frames are appended in order, so nothing after a damaged one counts.
 */
export function* readFrames(bytes: Buffer, offset = 0): Generator<Frame> {
  while (offset + HEADER_BYTES <= bytes.length) {
    const length = bytes.readUInt32LE(offset);
    const checksum = bytes.readUInt32LE(offset + 4);
    const start = offset + HEADER_BYTES;
    const end = start + length;
    if (end > bytes.length) return;
    if (crc32(bytes.subarray(start, end)) !== checksum) return;
    yield { start, end };
    offset = end;
  }
}

export interface JournalContents<T> {
  records: T[];
  /** Bytes of the intact records; anything after them is a torn or corrupt tail. */
  validBytes: number;
  totalBytes: number;
}

/**
 * Reads every intact record from the start of a journal file. Reading stops at the first record that
 * is cut short, fails its checksum or is not JSON: nothing after a damaged record was acknowledged.
 */
export function readJournal<T>(path: string): JournalContents<T> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { records: [], validBytes: 0, totalBytes: 0 };
    throw error;
  }
  const records: T[] = [];
  let validBytes = 0;
  for (const { start, end } of readFrames(bytes)) {
    try {
      records.push(JSON.parse(bytes.toString('utf8', start, end)) as T);
    } catch {
      break;
    }
    validBytes = end;
  }
  return { records, validBytes, totalBytes: bytes.length };
}

/** Cuts a torn tail off a journal, so that records appended later follow the intact ones. */
export function truncateJournal(path: string, validBytes: number): void {
  const fd = openSync(path, 'r+');
  try {
    ftruncateSync(fd, validBytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Writes records synchronously and makes them durable (used when starting and in tests). */
export function appendRecordsSync(path: string, records: unknown[]): void {
  const fd = openSync(path, 'a');
  try {
    for (const record of records) writeSync(fd, frameRecord(record));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export interface JournalOptions {
  /**
   * Flushes the file's data to disk off the main thread (fdatasync on libuv's thread pool by
   * default), so requests go on being answered while the disk works; tests make it slow or fail.
   */
  datasync?: (fd: number) => Promise<void>;
}

/**
 * A journal open for appending, with group commit: append() queues a record at once (in commit
 * order), and sync() resolves when every record queued before the call is on disk. Records queued
 * while one fsync runs are written together by the next, so concurrent writers share fsyncs.
 * Once a write or fsync fails, every sync() after it rejects: what the disk holds after a failed
 * fsync is unknown, and a record lost in the middle would hide the records after it on replay.
 */
export class JournalWriter {
  private pending: Buffer[] = [];
  private queued = 0;
  private durable = 0;
  private flushing: Promise<void> | undefined;
  private failure: Error | undefined;
  private readonly fd: number;
  /** Bytes in the file, counting records queued but not yet written. */
  bytes: number;
  /** How many fsyncs made records durable (concurrent writers share them). */
  fsyncs = 0;

  private readonly datasync: (fd: number) => Promise<void>;

  /** Opens (or creates) the file for appending. */
  constructor(
    readonly path: string,
    options: JournalOptions = {}
  ) {
    this.datasync = options.datasync ?? fdatasyncAsync;
    this.fd = openSync(path, 'a');
    this.bytes = fstatSync(this.fd).size;
  }

  /** Queues a record: a value, or its JSON text when the caller has encoded it already. */
  append(record: unknown, json = JSON.stringify(record)): void {
    const frame = frameJson(json);
    this.pending.push(frame);
    this.bytes += frame.length;
    this.queued++;
  }

  /** Resolves once every record appended so far is on disk; rejects if the disk refused one. */
  async sync(): Promise<void> {
    const target = this.queued;
    while (this.durable < target) {
      if (this.failure) throw this.failure;
      // Cleared once settled (never before it is set, though flush may finish in this very call).
      this.flushing ??= this.flush().finally(() => (this.flushing = undefined));
      await this.flushing;
    }
    if (this.failure) throw this.failure;
  }

  get hasUnsynced(): boolean {
    return this.durable < this.queued;
  }

  private closed: Promise<void> | undefined;

  /** Writes what is queued, then closes the file (once, however often it is called). */
  close(): Promise<void> {
    this.closed ??= this.sync()
      .catch(() => undefined)
      .then(() => closeAsync(this.fd));
    return this.closed;
  }

  /**
   * Writes the queued records and flushes them. The write goes to the page cache at once, on the main
   * thread (microseconds for a group's few kilobytes); only the flush, which waits for the disk, runs
   * on the thread pool, so a group costs one trip there and requests are answered meanwhile.
   */
  private async flush(): Promise<void> {
    const batch = this.pending;
    const upTo = this.queued;
    this.pending = [];
    try {
      if (batch.length > 0) {
        const bytes = batch.length === 1 ? (batch[0] as Buffer) : Buffer.concat(batch);
        let written = 0;
        while (written < bytes.length) written += writeSync(this.fd, bytes, written, bytes.length - written);
        await this.datasync(this.fd);
        this.fsyncs++;
      }
      this.durable = upTo;
    } catch (error) {
      this.failure = error instanceof Error ? error : new Error(String(error));
    }
  }
}
