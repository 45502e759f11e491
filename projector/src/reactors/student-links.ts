import { randomUUID } from 'node:crypto';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import {
  classDecider,
  classStreamId,
  commandsEndingLinks,
  endsStudentLinks,
  foldEvents,
  parseEventData,
  relationshipDecider,
  relationshipStreamId,
  type Decider,
  type EventFact,
  type RecordedEvent,
} from '@mathdaily/domain';
import type { EventStore } from '@mathdaily/event-store';
import type { Reactor } from '../reactor.ts';

const linkRow = z.object({ tutors: z.array(z.string()), classes: z.array(z.string()) });

/**
 * A role change away from student ends the student's links with tutors, by events: each pending
 * or active relationship gets TutorStudentRelationshipEnded and each class they are in
 * StudentLeftClass (reason 'role_changed'), decided by those streams' deciders (domain
 * role-change-links.ts), so a repeat appends nothing. Which links exist comes from the read
 * models (tutor_students, class_members) once they hold the role change itself: until its
 * position is in `event_log` (written in the same transaction as the checkpoint) this throws, and
 * the reactor tries again after its backoff (1 s, 2 s, …).
 */
export function studentLinksReactor(options: { store: EventStore; pool: DatabasePool }): Reactor {
  const { store, pool } = options;
  return {
    name: 'student-links',
    eventTypes: ['UserRoleChanged'],
    async react(event) {
      const data = event.data as { userId: string; role: string; previousRole: string; changedBy: string };
      if (!endsStudentLinks(data)) return;
      const applied = await pool.oneFirst(sql.type(z.object({ applied: z.boolean() }))`
        SELECT EXISTS (SELECT 1 FROM read_models.event_log WHERE position = ${event.position.toString()}::int8) AS applied`);
      if (!applied) throw new Error(`student-links: the read models have not reached position ${event.position} yet`);
      const studentId = data.userId.toLowerCase();
      const links = await pool.one(sql.type(linkRow)`
        SELECT
          coalesce((SELECT array_agg(tutor_id::text) FROM read_models.tutor_students WHERE student_id = ${studentId}::uuid AND status IN ('pending', 'active')), '{}') AS tutors,
          coalesce((SELECT array_agg(class_id::text) FROM read_models.class_members WHERE student_id = ${studentId}::uuid), '{}') AS classes`);
      const { relationships, classes } = commandsEndingLinks(studentId, data.changedBy, links);
      for (const { tutorId, command } of relationships) await decideAndAppend(store, event, relationshipStreamId(tutorId, studentId), relationshipDecider, command);
      for (const { classId, command } of classes) await decideAndAppend(store, event, classStreamId(classId), classDecider, command);
    },
  };
}

/** One stream's decision, appended at the version it was taken on (a concurrent write throws, and the reactor retries the event). */
async function decideAndAppend<S, C, E extends EventFact>(store: EventStore, cause: RecordedEvent, streamId: string, decider: Decider<S, C, E>, command: C) {
  const stream = await store.readStream(streamId);
  const facts = decider.decide(command, foldEvents(decider, stream.events));
  if (facts.length === 0) return;
  const events = facts.map((fact) => ({
    id: randomUUID(),
    type: fact.type,
    data: parseEventData(fact.type, fact.data),
    metadata: { actorId: cause.metadata.actorId, correlationId: cause.metadata.correlationId, causationId: cause.id, at: cause.metadata.at, schemaVersion: 1 },
  }));
  await store.append(streamId, events, { expectedVersion: stream.version > 0 ? stream.version : 'no_stream' });
}
