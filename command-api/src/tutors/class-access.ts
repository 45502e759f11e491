import { randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';
import {
  CLASS_CODE_ALPHABET,
  CLASS_CODE_LENGTH,
  CLASS_MESSAGES,
  classDecider,
  classStreamId,
  foldEvents,
  generatedClassCode,
  isOfferedTimeZone,
  referralStreamId,
  relationshipDecider,
  relationshipStreamId,
  type ClassCommand,
  type ClassState,
  type RelationshipStatus,
} from '@mathdaily/domain';
import type { EventStore } from '@mathdaily/event-store';
import { commandMeta, type CommandApiDeps } from '../deps.ts';
import { handleCommand } from '../pipeline/handle-command.ts';
import { labelField } from './label-field.ts';

/** Shared by the class commands: ids and fields in requests, the acting tutor, and one change to a class. */

const uuid = (message: string) => z.string({ error: message }).uuid(message).transform((id) => id.toLowerCase());
export const classParams = z.object({ id: uuid(CLASS_MESSAGES.notFound) });
export const assignmentParams = classParams.extend({ assignmentId: uuid(CLASS_MESSAGES.assignmentNotFound) });
export const studentIdsField = (message: string) =>
  z
    .array(uuid(message), { error: message })
    .min(1, message)
    .max(200, 'Please choose at most 200 students at once.')
    .transform((ids) => [...new Set(ids)]);

export const classNameField = labelField(60, CLASS_MESSAGES.name);
export const timeZoneField = z.string({ error: CLASS_MESSAGES.timeZone }).refine(isOfferedTimeZone, CLASS_MESSAGES.timeZone);

/** The tutor acting (class routes are tutors' own: an admin reads them, and changes nothing). */
export function classActor(request: FastifyRequest) {
  const { userId, role } = principalOf(request);
  return { userId: userId.toLowerCase(), role };
}

/** 7 characters drawn with crypto.randomInt from letters and digits a child cannot mix up. */
export function randomClassCode(): string {
  return generatedClassCode(Array.from({ length: CLASS_CODE_LENGTH }, () => randomInt(CLASS_CODE_ALPHABET.length)));
}

/** The code reserved alongside a class event: a new `referral-{CODE}` stream (a taken code fails the append, and the caller draws another). */
export function codeReservation(code: string, tutorId: string, classId: string) {
  return { streamId: referralStreamId(code), facts: [{ type: 'ClassJoinCodeReserved', data: { code, tutorId, classId } }] };
}

export async function loadClass(store: EventStore, classId: string): Promise<ClassState> {
  return foldEvents(classDecider, (await store.readStream(classStreamId(classId))).events);
}

/** Each student's link with the tutor as their relationship streams say now (null: none), read in one go. */
export async function relationshipStatuses(store: EventStore, tutorId: string, studentIds: readonly string[]): Promise<Record<string, RelationshipStatus | null>> {
  const streams = await store.readStreams(studentIds.map((studentId) => ({ streamId: relationshipStreamId(tutorId, studentId) })));
  return Object.fromEntries(studentIds.map((studentId, index) => [studentId, foldEvents(relationshipDecider, streams[index]!.events).status]));
}

/** One change to `class-{classId}` (with new streams written alongside, when the decision wrote anything). */
export async function changeClass(
  request: FastifyRequest,
  deps: CommandApiDeps,
  classId: string,
  command: ClassCommand,
  alongside: readonly { streamId: string; facts: { type: string; data: unknown }[] }[] = [],
) {
  return handleCommand({ store: deps.store, streamId: classStreamId(classId), decider: classDecider, meta: commandMeta(request, deps), command, alongside });
}
