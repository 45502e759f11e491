import type { RecordedEvent } from '@mathdaily/domain';
import type { EventStore, ReadStreamResult } from './event-store.ts';
import { LruMap } from './lru.ts';

/** What folding a stream needs from a decider (any decider's event type: stored events are trusted to match its stream). */
export type Folder<State> = { initialState: () => State; evolve: (state: State, event: never) => State };

export interface StreamState<State> {
  state: State;
  /** The stream version the state includes (0: no events, the stream does not exist). */
  version: number;
}

interface Entry {
  evolve: Folder<unknown>['evolve'];
  state: unknown;
  version: number;
}

type Reads<States extends unknown[]> = { [K in keyof States]: { streamId: string; folder: Folder<States[K]> } };
type Results<States extends unknown[]> = { [K in keyof States]: StreamState<States[K]> };

/** Streams whose folded state is kept (LRU); practice, user and session streams of active people. */
const DEFAULT_LIMIT = 10_000;

/**
 * Folded stream states keyed by stream id, each with the version it includes. Streams only grow,
 * so a state at version v plus the events from v + 1 on is the state of the whole stream: a
 * catch-up reads only those (usually none or a few). States are shared between requests, which is
 * safe because deciders never mutate a state (`evolve` returns a new one). One cache per
 * EventStore instance (`streamStateCacheOf`), so apps in one process never see each other's.
 */
export class StreamStateCache {
  private readonly entries: LruMap<string, Entry>;

  constructor(
    private readonly store: EventStore,
    limit = DEFAULT_LIMIT,
  ) {
    this.entries = new LruMap(limit);
  }

  /** The cached state, possibly behind the stream; undefined when none was folded with this decider. */
  peek<State>(streamId: string, folder: Folder<State>): StreamState<State> | undefined {
    const entry = this.entries.get(streamId);
    if (!entry || entry.evolve !== folder.evolve) return undefined;
    return { state: entry.state as State, version: entry.version };
  }

  catchUp<State>(streamId: string, folder: Folder<State>): Promise<StreamState<State>> {
    return this.catchUpMany<[State]>([{ streamId, folder }]).then(([state]) => state);
  }

  /** Brings several streams up to date in one read (`readStreams`), each from its cached version. */
  async catchUpMany<States extends unknown[]>(reads: Reads<States>): Promise<Results<States>> {
    const bases = reads.map(({ streamId, folder }) => this.peek(streamId, folder as Folder<unknown>));
    const results = await this.store.readStreams(reads.map(({ streamId }, index) => ({ streamId, fromVersion: (bases[index]?.version ?? 0) + 1 })));
    const states = await Promise.all(
      reads.map(async ({ streamId, folder }, index) => {
        const base = bases[index];
        let result: ReadStreamResult = results[index]!;
        let state = base?.state ?? folder.initialState();
        const from = base?.version ?? 0;
        if (result.version !== from + result.events.length) {
          // The stream is shorter than the cached state says (its database was reset): fold it afresh.
          result = await this.store.readStream(streamId);
          state = folder.initialState();
        }
        const caughtUp = { state: foldOnto(folder as Folder<unknown>, state, result.events), version: result.version };
        this.remember(streamId, folder as Folder<unknown>, caughtUp);
        return caughtUp;
      }),
    );
    return states as Results<States>;
  }

  /** Keeps a state (e.g. after this process appended); never replaces a newer one. */
  remember<State>(streamId: string, folder: Folder<State>, current: StreamState<State>): void {
    const entry = this.entries.get(streamId);
    if (entry && entry.evolve === folder.evolve && entry.version > current.version) return;
    this.entries.set(streamId, { evolve: folder.evolve as Entry['evolve'], state: current.state, version: current.version });
  }
}

function foldOnto<State>(folder: Folder<State>, state: State, events: readonly Pick<RecordedEvent, 'type' | 'data'>[]): State {
  return events.reduce((folded, event) => folder.evolve(folded, event as never), state);
}

const caches = new WeakMap<EventStore, StreamStateCache>();

/** The stream-state cache of this store instance. */
export function streamStateCacheOf(store: EventStore): StreamStateCache {
  let cache = caches.get(store);
  if (!cache) {
    cache = new StreamStateCache(store);
    caches.set(store, cache);
  }
  return cache;
}
