import { eventSchemas, holdsPersonalData, personalDataKeyOf, personalFields, personalMarkOf, type NewEvent, type RecordedEvent } from '@mathdaily/domain';
import type { EventStore, StreamAppend } from '../event-store.ts';
import { isSealed, keyIdOf, open, seal, type SealedValue } from './field-cipher.ts';
import { MissingKeyError, type PersonalDataVault } from './key-vault.ts';

/** Each event read with personal data: its data as stored (sealed), for read models that keep sealed copies. */
const sealedData = new WeakMap<object, unknown>();
/** Events read with at least one personal field whose key was destroyed. */
const erasedEvents = new WeakSet<object>();

/**
 * The event's data as the store keeps it, its personal fields sealed (undefined for an event
 * without personal data). A read model that must keep personal text (the audit log, contact
 * requests) keeps it sealed, and the query opens it when it shows it (`PersonalDataOpener`), so an
 * erasure reaches that copy too without touching the row.
 */
export function sealedDataOf(event: RecordedEvent): unknown {
  return sealedData.get(event);
}

/** Whether some personal field of the event read as erased (its key destroyed). */
export function personalDataErased(event: RecordedEvent): boolean {
  return erasedEvents.has(event);
}

/**
 * The event store with personal data sealed (DESIGN §9, docs/personal-data.md): on the way in, every
 * field its schema marks personal() is sealed with the key of the person it is about (the vault
 * makes it when needed, before the append); on the way out it is opened again, or reads as the
 * field's erased value when the key was destroyed. Everything above the port sees plain events;
 * what the store holds never names anyone. Values stored before this (plain text) pass through
 * unchanged until the one-time migration (npm run protect-personal-data) seals them.
 */
export function protectPersonalData(store: EventStore, vault: PersonalDataVault): EventStore {
  const opener = new PersonalDataOpener(vault);
  const sealAll = async (events: NewEvent[]): Promise<NewEvent[]> => {
    const personal = events.filter((event) => holdsPersonalData(event.type));
    if (personal.length === 0) return events;
    const refs = personal.map((event) => personalDataKeyOf(event.type, event.data, event.metadata));
    const keys = await vault.keysFor(refs);
    return events.map((event) => {
      if (!holdsPersonalData(event.type)) return event;
      const ref = personalDataKeyOf(event.type, event.data, event.metadata);
      const key = keys.get(`${ref.ownerId}|${ref.purpose}`)!;
      const data = personalFields.map(eventSchemas[event.type]!, event.data, (_field, value) => (isSealed(value) ? value : seal(key.secret, key.keyId, value)));
      return data === event.data ? event : { ...event, data };
    });
  };
  const openAll = (events: RecordedEvent[]) => opener.openEvents(events);
  return {
    append: async (streamId, events, options) => store.append(streamId, await sealAll(events), options),
    appendMany: async (appends) =>
      store.appendMany(await Promise.all(appends.map(async (part): Promise<StreamAppend> => ({ ...part, events: await sealAll(part.events) })))),
    readStream: async (streamId, options) => {
      const result = await store.readStream(streamId, options);
      return { ...result, events: await openAll(result.events) };
    },
    readStreams: async (reads) => {
      const results = await store.readStreams(reads);
      const opened = await openAll(results.flatMap((result) => result.events));
      let next = 0;
      return results.map((result) => ({ ...result, events: opened.slice(next, (next += result.events.length)) }));
    },
    readAll: async (options) => openAll(await store.readAll(options)),
    subscribeToAll: (options) => store.subscribeToAll({ ...options, onBatch: async (events) => options.onBatch(await openAll(events)) }),
    lastPosition: () => store.lastPosition(),
    readHistory: async (options) => {
      const page = await store.readHistory(options);
      return { ...page, events: await openAll(page.events) };
    },
    close: () => store.close(),
    ...(store.sqlTable ? { sqlTable: store.sqlTable } : {}),
  };
}

/**
 * Opens sealed personal data: whole events (the protected store) or any JSON holding sealed values
 * (a read model's sealed copy, when a query shows it). A destroyed key's value reads as the erased
 * value its schema names, or as `erasedText` where no schema is at hand.
 */
export class PersonalDataOpener {
  constructor(private readonly vault: PersonalDataVault) {}

  async openEvents(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    const keyIds: string[] = [];
    for (const event of events) {
      if (!holdsPersonalData(event.type)) continue;
      personalFields.visit(eventSchemas[event.type]!, event.data, (_field, value) => {
        if (isSealed(value)) keyIds.push(requireKeyId(value));
      });
    }
    if (keyIds.length === 0) return events;
    const keys = await this.vault.keysById(keyIds);
    return events.map((event) => {
      if (!holdsPersonalData(event.type)) return event;
      let erased = false;
      const data = personalFields.map(eventSchemas[event.type]!, event.data, (field, value) => {
        if (!isSealed(value)) return value;
        const key = keys.get(requireKeyId(value));
        if (key) return open(key, value);
        erased = true;
        return personalMarkOf(field)!.erased;
      });
      if (data === event.data) return event;
      const opened = { ...event, data };
      sealedData.set(opened, event.data);
      if (erased) erasedEvents.add(opened);
      return opened;
    });
  }

  /** Every sealed value anywhere in `value` opened (or `erasedText` when its key is gone); the rest as it is. */
  async openValues<T>(value: T, erasedText: unknown): Promise<T> {
    const keyIds: string[] = [];
    walk(value, (sealed) => {
      keyIds.push(requireKeyId(sealed));
      return sealed;
    });
    if (keyIds.length === 0) return value;
    const keys = await this.vault.keysById(keyIds);
    return walk(value, (sealed) => {
      const key = keys.get(requireKeyId(sealed));
      return key ? open(key, sealed) : erasedText;
    }) as T;
  }
}

function requireKeyId(value: SealedValue): string {
  const keyId = keyIdOf(value);
  if (!keyId) throw new MissingKeyError([value.sealed.slice(0, 12)]);
  return keyId;
}

function walk(value: unknown, replace: (sealed: SealedValue) => unknown): unknown {
  if (isSealed(value)) return replace(value);
  if (Array.isArray(value)) return value.map((item) => walk(item, replace));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item, replace)]));
  return value;
}
