import { sql } from 'slonik';
import type { QueryApiDeps } from '../deps.ts';
import { CLASS_COLUMNS, classRow, type ClassRow } from '../tutors/class-scope.ts';
import type { FeedBatch } from '../wait-for-position.ts';
import { classLiveSnapshot, type ClassLiveSnapshot } from './class-live-view.ts';

export interface ClassLiveClient {
  /** The principal's user (a batch naming them rechecks the socket). */
  userId: string;
  send(snapshot: ClassLiveSnapshot): void;
  recheck(): void;
}

interface Watched {
  row: ClassRow;
  clients: Set<ClassLiveClient>;
  /** The class's students as of the last snapshot: whose practice concerns this class. */
  members: Set<string>;
  running: Promise<void> | null;
  again: boolean;
}

/**
 * The live class views of one query-api instance. The projector's change feed names, with every
 * batch, the learners with practice events and the classes with events (docs/change-feed.md);
 * each watched class that one of them concerns is read again — one snapshot query per class, not
 * per socket — and sent to every socket watching it. A class is read at most once at a time; a
 * batch arriving meanwhile gets one more read after it.
 */
export class ClassLiveHub {
  private readonly watched = new Map<string, Watched>();
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly deps: QueryApiDeps) {}

  start(): void {
    this.unsubscribe = this.deps.waiter.onAdvance((batch) => this.advance(batch));
  }

  stop(): void {
    this.unsubscribe?.();
    this.watched.clear();
  }

  /** Joins the socket to its class; the caller reads the first snapshot after joining, so nothing falls in between. */
  add(row: ClassRow, client: ClassLiveClient): () => void {
    let watched = this.watched.get(row.id);
    if (!watched) this.watched.set(row.id, (watched = { row, clients: new Set(), members: new Set(), running: null, again: false }));
    watched.clients.add(client);
    const entry = watched;
    return () => {
      entry.clients.delete(client);
      if (entry.clients.size === 0 && this.watched.get(row.id) === entry) this.watched.delete(row.id);
    };
  }

  /** The snapshot for a socket that just joined; later ones come with the batches. */
  async snapshot(classId: string): Promise<ClassLiveSnapshot | null> {
    const watched = this.watched.get(classId);
    if (!watched) return null;
    const snapshot = await classLiveSnapshot(this.deps.pool, watched.row, this.deps.clock());
    watched.members = new Set(snapshot.students.map((student) => student.id));
    return snapshot;
  }

  private advance(batch: FeedBatch) {
    const changes = batch.reset ? null : batch.changes;
    const users = new Set(changes?.users ?? []);
    const practising = changes?.practising ? new Set(changes.practising) : null;
    const classes = changes?.classes ? new Set(changes.classes) : null;
    for (const [classId, watched] of this.watched) {
      for (const client of watched.clients) if (!changes || users.has(client.userId.toLowerCase())) client.recheck();
      const concerned =
        !changes ||
        practising === null ||
        classes === null ||
        classes.has(classId) ||
        [...watched.members].some((member) => practising.has(member)) ||
        // Someone's link with the tutor changed (activated, ended): their card changes.
        Object.keys(changes.learners).some((learner) => watched.members.has(learner));
      if (concerned) void this.refresh(watched, classes === null || classes.has(classId));
    }
  }

  private refresh(watched: Watched, classChanged: boolean): Promise<void> {
    if (watched.running) {
      watched.again = true;
      return watched.running;
    }
    watched.running = (async () => {
      let reread = classChanged;
      do {
        watched.again = false;
        try {
          if (reread) {
            const row = await this.deps.pool.maybeOne(sql.type(classRow)`SELECT ${CLASS_COLUMNS} FROM read_models.classes c WHERE c.class_id = ${watched.row.id}::uuid`);
            if (row) watched.row = row;
          }
          const snapshot = await classLiveSnapshot(this.deps.pool, watched.row, this.deps.clock());
          watched.members = new Set(snapshot.students.map((student) => student.id));
          for (const client of watched.clients) client.send(snapshot);
        } catch {
          // The database is briefly away: the next batch reads again.
        }
        reread = true;
      } while (watched.again);
    })().finally(() => (watched.running = null));
    return watched.running;
  }
}
