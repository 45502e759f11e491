import { createHash } from 'node:crypto';

/** Namespace of MathDaily's generated problem ids (a fixed, random UUID). */
export const PROBLEM_ID_NAMESPACE = '0d9a3b6e-7c41-4f2e-9a85-3e1f6c2d8b47';

/** RFC 4122 version-5 UUID: SHA-1 of namespace + name, with the version and variant bits set. */
export function uuidV5(name: string, namespace: string): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  if (ns.length !== 16) throw new Error(`Not a UUID namespace: ${namespace}`);
  const bytes = createHash('sha1').update(ns).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The id of the problem a template makes from a seed: the same on every server, every start. */
export function generatedProblemId(templateId: string, seed: number): string {
  return uuidV5(`template:${templateId}:seed:${seed}`, PROBLEM_ID_NAMESPACE);
}

/** The id of a stream's one creating event, so re-seeding is an idempotent no-op in the event store. */
export function creationEventId(problemId: string): string {
  return uuidV5(`problem:${problemId}:ProblemCreated`, PROBLEM_ID_NAMESPACE);
}
