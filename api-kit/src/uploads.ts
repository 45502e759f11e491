import { readdir, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';

/**
 * Files people upload (tutors' and admins' avatars), kept in PostgreSQL's `uploads` schema: every
 * instance on every host serves every upload, and the database's backup holds them. They are
 * small (at most 512×512, re-encoded) and few, so a bytea column serves them well. Business
 * data, unlike `runtime`: never expires, never rebuilt by a replay (docs/operations.md, "Uploads").
 */
export interface UploadStore {
  /** Names are never reused: a name already stored keeps its first content. */
  put(upload: { name: string; ownerId: string; contentType: string; bytes: Buffer }): Promise<void>;
  get(name: string): Promise<{ contentType: string; bytes: Buffer } | null>;
  delete(name: string): Promise<void>;
  /** Every upload of a person (their data erased); how many there were. */
  deleteOwnedBy(ownerId: string): Promise<number>;
}

export async function migrateUploads(pool: DatabasePool): Promise<void> {
  await pool.transaction(async (tx) => {
    // Instances starting at once would race on CREATE … IF NOT EXISTS.
    await tx.query(sql.unsafe`SELECT pg_advisory_xact_lock(hashtext('mathdaily uploads schema'))`);
    await tx.query(sql.unsafe`CREATE SCHEMA IF NOT EXISTS uploads`);
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS uploads.files (
        name text PRIMARY KEY,
        owner_id uuid NOT NULL,
        content_type text NOT NULL,
        bytes bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS files_owner ON uploads.files (owner_id)`);
  });
}

const fileRow = z.object({ content_type: z.string(), bytes: z.instanceof(Buffer) });

export function postgresUploadStore(pool: DatabasePool): UploadStore {
  return {
    async put({ name, ownerId, contentType, bytes }) {
      await pool.query(sql.unsafe`
        INSERT INTO uploads.files (name, owner_id, content_type, bytes)
        VALUES (${name}, ${ownerId}, ${contentType}, ${sql.binary(bytes)})
        ON CONFLICT (name) DO NOTHING`);
    },
    async get(name) {
      const row = await pool.maybeOne(sql.type(fileRow)`SELECT content_type, bytes FROM uploads.files WHERE name = ${name}`);
      return row ? { contentType: row.content_type, bytes: row.bytes } : null;
    },
    async delete(name) {
      await pool.query(sql.unsafe`DELETE FROM uploads.files WHERE name = ${name}`);
    },
    async deleteOwnedBy(ownerId) {
      const result = await pool.query(sql.unsafe`DELETE FROM uploads.files WHERE owner_id = ${ownerId}`);
      return result.rowCount;
    },
  };
}

/** Uploads as earlier versions stored them: DATA_DIR/avatars/{owner}-{random}.{jpg|png|gif}. */
const LEGACY_FILE = /^([0-9a-f-]{36})-[0-9a-f-]{36}\.(jpg|png|gif)$/;
const LEGACY_TYPES = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' } as const;

/**
 * Moves uploads an earlier version kept in DATA_DIR/avatars into the store, each deleted from the
 * folder only once the store has it. Run at start by every instance that writes uploads: each
 * host moves the files of its own volume (instances sharing one may race: a file another has
 * just moved is skipped).
 */
export async function importLegacyUploads(store: UploadStore, dataDir: string, log: (line: string) => void): Promise<number> {
  const folder = path.join(dataDir, 'avatars');
  const names = await readdir(folder).catch(() => [] as string[]);
  let moved = 0;
  for (const name of names) {
    const match = LEGACY_FILE.exec(name);
    if (!match) continue;
    const file = path.join(folder, name);
    const bytes = await readFile(file).catch(() => null);
    if (!bytes) continue;
    await store.put({ name, ownerId: match[1]!, contentType: LEGACY_TYPES[match[2] as keyof typeof LEGACY_TYPES], bytes });
    await unlink(file).catch(() => {});
    moved += 1;
  }
  if (moved > 0) log(`uploads: moved ${moved} uploaded avatar${moved === 1 ? '' : 's'} from ${folder} into the database`);
  return moved;
}
