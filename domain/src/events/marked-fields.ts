import type { z } from 'zod';

type SchemaDef = { type: string; innerType?: z.ZodType; element?: z.ZodType; options?: z.ZodType[] };
const defOf = (schema: z.ZodType) => (schema as z.ZodType & { _zod: { def: SchemaDef } })._zod.def;

/** Schemas that only wrap another (`innerType`): the walk looks through them. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'readonly']);

function childSchemas(schema: z.ZodType): z.ZodType[] {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return [def.innerType!];
  switch (def.type) {
    case 'array':
      return [def.element!];
    case 'union':
      return def.options!;
    case 'object':
      return Object.values((schema as z.ZodObject).shape) as z.ZodType[];
    default:
      return [];
  }
}

/**
 * The fields of event data that a mark (secret, personal) names, found by walking the event's
 * schema. Whether a schema holds a mark anywhere is remembered per schema: most events hold none,
 * and walking their schemas for every event was half the event log model's time in a replay.
 */
export class MarkedFields {
  private readonly memo = new WeakMap<z.ZodType, boolean>();

  constructor(private readonly isMarked: (schema: z.ZodType) => boolean) {}

  holdsMark(schema: z.ZodType): boolean {
    let holds = this.memo.get(schema);
    if (holds === undefined) {
      holds = this.isMarked(schema) || childSchemas(schema).some((child) => this.holdsMark(child));
      this.memo.set(schema, holds);
    }
    return holds;
  }

  /**
   * The value with every marked field replaced by `replace(fieldSchema, value)` (null and absent
   * fields stay as they are); copies only what changes, so an unchanged value is the same object.
   */
  map(schema: z.ZodType, value: unknown, replace: (field: z.ZodType, value: unknown) => unknown): unknown {
    if (value === null || value === undefined || !this.holdsMark(schema)) return value;
    if (this.isMarked(schema)) return replace(schema, value);
    const def = defOf(schema);
    if (WRAPPERS.has(def.type)) return this.map(def.innerType!, value, replace);
    switch (def.type) {
      case 'array':
        return Array.isArray(value) ? value.map((item) => this.map(def.element!, item, replace)) : value;
      case 'union':
        // A mark inside any branch counts: try each branch that holds one.
        return def.options!.reduce<unknown>((current, option) => this.map(option, current, replace), value);
      case 'object': {
        if (typeof value !== 'object') return value;
        const shape = (schema as z.ZodObject).shape;
        let copy: Record<string, unknown> | undefined;
        for (const [key, field] of Object.entries(shape)) {
          const before = (value as Record<string, unknown>)[key];
          const after = this.map(field as z.ZodType, before, replace);
          if (after !== before) (copy ??= { ...(value as Record<string, unknown>) })[key] = after;
        }
        return copy ?? value;
      }
      default:
        return value;
    }
  }

  /** Calls `visit` with every marked field's value (null and absent fields are skipped). */
  visit(schema: z.ZodType, value: unknown, visit: (field: z.ZodType, value: unknown) => void): void {
    this.map(schema, value, (field, fieldValue) => {
      visit(field, fieldValue);
      return fieldValue;
    });
  }
}
