import type { Bundle, Resource } from '@medplum/fhirtypes';
import { withQuery } from '@/sync/fhir/fhir-client';
import type { SyncContext } from '@/sync/engine/context';
import { keyOf } from './pull-shared';
import type { TaskQuery } from './scope';

/** Most later pages of one search asked for at once. */
const PAGES_IN_FLIGHT = 4;
/** What a page pulls in beside its matches: later pages leave it to the load's read of what is missing. */
const PULLED_IN = ['_include', '_revinclude'];

/** One task query of a first load: its matches so far against its cap, and where its next page is. */
export class QueueLoad {
  private matches = 0;
  private next: string | undefined;
  /** The server's count of the search's matches, when it gave one. */
  private serverTotal: number | undefined;
  /** Whether the last page taken linked to a next one. */
  private linksOn = false;
  total = 0;
  /** The keys of the tasks it matched. */
  readonly tasks = new Set<string>();

  constructor(readonly query: TaskQuery) {}

  get url(): string {
    return withQuery('Task', this.query.params);
  }

  /**
   * Whether the first page said the search's matches are within the cap (always, uncapped): by the
   * server's count, or, without one, by being the only page.
   */
  holdsAll(): boolean {
    const { max } = this.query;
    const known = this.serverTotal ?? (this.linksOn ? undefined : this.matches);
    return max === undefined || (known !== undefined && known <= max);
  }

  /** The resources of a page, matches beyond the cap left out. */
  take(bundle: Bundle): Resource[] {
    const { max } = this.query;
    if (this.matches === 0) {
      this.serverTotal = bundle.total;
      this.total = Math.min(bundle.total ?? bundle.entry?.length ?? 0, max ?? Infinity);
    }
    const page: Resource[] = [];
    for (const entry of bundle.entry ?? []) {
      if (!entry.resource) continue;
      const isMatch = entry.search?.mode !== 'include' && entry.resource.resourceType === 'Task';
      if (isMatch && max !== undefined && this.matches >= max) continue;
      if (isMatch) {
        this.matches++;
        this.tasks.add(keyOf(entry.resource));
      }
      page.push(entry.resource);
    }
    const full = max !== undefined && this.matches >= max;
    const next = bundle.link?.find((link) => link.relation === 'next')?.url;
    this.linksOn = next !== undefined;
    this.next = full || !next ? undefined : withoutPulledIn(next);
    return page;
  }

  /**
   * The pages after the first, in order. Where the server pages by offset and said how many match,
   * the pages up to that count (and the cap) are asked for side by side, a few at a time; any page
   * the last of them still links to follows one after another.
   */
  async *rest(context: SyncContext): AsyncGenerator<Resource[]> {
    const read = (url: string): Promise<Bundle> =>
      context.fhir.get<Bundle>(context.fhir.url(url), { noCache: true });
    const urls = this.laterPages();
    const inFlight: Promise<Bundle>[] = [];
    for (let index = 0; index < urls.length; index++) {
      while (inFlight.length < PAGES_IN_FLIGHT && index + inFlight.length < urls.length) {
        inFlight.push(held(read(urls[index + inFlight.length] as string)));
      }
      yield this.take(await (inFlight.shift() as Promise<Bundle>));
    }
    while (this.next) yield this.take(await read(this.next));
  }

  /** The addresses of the pages after the first when the server pages by _offset and gave a count. */
  private laterPages(): string[] {
    if (!this.next || this.serverTotal === undefined) return [];
    const [path = '', query = ''] = this.next.split('?');
    const params = new URLSearchParams(query);
    const offset = Number(params.get('_offset'));
    const count = Number(params.get('_count'));
    if (!params.has('_offset') || !(offset > 0) || !(count > 0)) return [];
    const end = Math.min(this.serverTotal, offset - this.matches + (this.query.max ?? Infinity));
    const urls: string[] = [];
    for (let at = offset; at < end; at += count) {
      params.set('_offset', String(at));
      urls.push(`${path}?${params.toString()}`);
    }
    // Each page links to the next itself: the pages in hand are followed from the last of them.
    this.next = undefined;
    return urls;
  }
}

/** A page address without the parameters that pull in other resources. */
function withoutPulledIn(url: string): string {
  const [path = '', query] = url.split('?');
  if (query === undefined) return url;
  const params = new URLSearchParams(query);
  for (const name of PULLED_IN) params.delete(name);
  return `${path}?${params.toString()}`;
}

/** A read awaited later: its failure is not reported as unhandled meanwhile. */
function held<T>(read: Promise<T>): Promise<T> {
  read.catch(() => undefined);
  return read;
}
