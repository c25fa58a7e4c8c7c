/**
 * Where a page's CPU time went: a DevTools CPU profile's self time summed by function and by source
 * file of the built app, found through the build's source maps (`dist/assets/*.js.map`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';

/** The parts of a DevTools `Profiler.Profile` read here. */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  samples?: number[];
  timeDeltas?: number[];
}

export interface ProfileSummary {
  totalMs: number;
  /** Self time by 'function (source:line)', largest first. */
  functions: [string, number][];
  /** Self time by source file or package, largest first. */
  files: [string, number][];
}

const consumers = new Map<string, SourceMapConsumer | undefined>();

/** The source map of a built script, read once; undefined for scripts without one in `dist`. */
function consumerFor(url: string, dist: string): SourceMapConsumer | undefined {
  if (!consumers.has(url)) {
    const file = join(dist, 'assets', basename(new URL(url).pathname) + '.map');
    consumers.set(
      url,
      existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) : undefined
    );
  }
  return consumers.get(url);
}

/** A package name for a path in node_modules, else the path from `src/` or `mocks/`. */
function owner(source: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg?.[1]) return pkg[1];
  const own = /(?:^|\/)((?:src|mocks)\/.*)$/.exec(source);
  return own?.[1] ?? source;
}

/** Sums the profile's self time by function and by source, each sample weighted by its time. */
export function summarizeProfile(profile: CpuProfile, dist = 'dist'): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    // A sample's time is the gap to the next one.
    const ms = (deltas[i + 1] ?? 0) / 1000;
    const id = samples[i] as number;
    selfMs.set(id, (selfMs.get(id) ?? 0) + ms);
  }
  const functions = new Map<string, number>();
  const files = new Map<string, number>();
  let totalMs = 0;
  for (const [id, ms] of selfMs) {
    totalMs += ms;
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    let name = frame.functionName || '(anonymous)';
    let file = frame.url ? basename(frame.url) : name;
    // A frame with no position (line -1: a script's top level as a whole) keeps its own name.
    if (frame.url.startsWith('http') && frame.lineNumber >= 0) {
      const original = consumerFor(frame.url, dist)?.originalPositionFor({
        line: frame.lineNumber + 1,
        column: frame.columnNumber,
      });
      if (original?.source) {
        file = owner(original.source);
        name = `${original.name ?? name} (${file}:${original.line})`;
      }
    }
    functions.set(name, (functions.get(name) ?? 0) + ms);
    files.set(file, (files.get(file) ?? 0) + ms);
  }
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
  return { totalMs, functions: sorted(functions), files: sorted(files) };
}

/** The summary's top `count` lines of each kind, for a bench to print. */
export function profileLines(summary: ProfileSummary, count = 15): string[] {
  const line = ([name, ms]: [string, number]) => `    ${ms.toFixed(0).padStart(6)} ms  ${name}`;
  return [
    `  CPU profile: ${summary.totalMs.toFixed(0)} ms sampled; self time by source:`,
    ...summary.files.slice(0, count).map(line),
    '  by function:',
    ...summary.functions.slice(0, count).map(line),
  ];
}
