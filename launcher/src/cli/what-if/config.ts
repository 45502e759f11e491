import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { fsrsWeightsProblem, LIVE_FSRS_CONFIG, TARGET_SUCCESS, type FsrsConfig } from '@mathdaily/domain';
import { knowledgeModelParametersSchema, type KnowledgeModelParameters } from '@mathdaily/domain/learning/knowledge-model';
import { KNOWLEDGE_MODEL_PARAMETERS } from '@mathdaily/domain/learning/knowledge-model-parameters';
import { UsageError } from '../database.ts';

/** A learning configuration: the scheduler's settings, the knowledge model's parameters and the target success rate. */
export interface LearningConfig {
  fsrs: FsrsConfig;
  knowledgeModel: KnowledgeModelParameters;
  targetSuccessRate: number;
}

/** What the product runs today. */
export const LIVE_LEARNING_CONFIG: LearningConfig = {
  fsrs: LIVE_FSRS_CONFIG,
  knowledgeModel: KNOWLEDGE_MODEL_PARAMETERS,
  targetSuccessRate: TARGET_SUCCESS,
};

const STEP_MINUTES = { m: 1, h: 60, d: 24 * 60 } as const;
/** A (re)learning step is a wait before a missed problem comes back: at most a year. */
const MAX_STEP_MINUTES = 365 * 24 * 60;
const step = z
  .string()
  .regex(/^[1-9]\d{0,6}[mhd]$/, "steps are like '1m', '10m', '1h' or '1d'")
  .refine((value) => Number(value.slice(0, -1)) * STEP_MINUTES[value.at(-1) as keyof typeof STEP_MINUTES] <= MAX_STEP_MINUTES, 'a step can be at most a year (365d)');
const weights = z
  .array(z.number())
  .superRefine((values, ctx) => {
    const problem = fsrsWeightsProblem(values);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .nullable();
/** A config or parameter file is a small JSON text; anything else (a FIFO, a device, a folder) is refused before reading. */
const MAX_FILE_BYTES = 1 << 20;

/**
 * The --config file (JSON). Every part is optional and defaults to the live one, so a file can
 * change only the FSRS retention, say. `knowledgeModel` is a parameter file's contents or its path
 * (relative to the config file), in the shape `npm run eval:kt -- --write-parameters` writes.
 */
const whatIfConfigFileSchema = z
  .object({
    fsrs: z
      .object({
        requestRetention: z.number().gt(0.5, 'requestRetention must be above 0.5').lt(1, 'requestRetention must be below 1'),
        maximumIntervalDays: z.number().int().min(1).max(36_500),
        weights,
        learningSteps: z.array(step).max(10),
        relearningSteps: z.array(step).max(10),
      })
      .partial()
      .strict()
      .optional(),
    knowledgeModel: z.union([z.string().min(1), knowledgeModelParametersSchema]).optional(),
    targetSuccessRate: z.number().gt(0).lt(1).optional(),
  })
  .strict();

/** Reads and checks a config file; anything wrong with it is a UsageError naming the problem. */
export async function loadWhatIfConfig(file: string): Promise<LearningConfig> {
  const read = async (target: string, what: string) => {
    let text: string;
    try {
      text = await readSmallFile(target);
    } catch (error) {
      throw new UsageError(`Cannot read ${what} ${target}: ${(error as Error).message}`);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new UsageError(`${what} ${target} is not JSON: ${(error as Error).message}`);
    }
  };
  const parsed = whatIfConfigFileSchema.safeParse(await read(file, 'the config file'));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UsageError(`${file}: ${issue.path.join('.') || 'the file'}: ${issue.message}`);
  }
  const config = parsed.data;
  let knowledgeModel = LIVE_LEARNING_CONFIG.knowledgeModel;
  if (typeof config.knowledgeModel === 'string') {
    const target = path.resolve(path.dirname(file), config.knowledgeModel);
    const parameters = knowledgeModelParametersSchema.safeParse(await read(target, 'the knowledge model parameters'));
    if (!parameters.success) throw new UsageError(`${target}: ${parameters.error.issues[0]!.path.join('.')}: ${parameters.error.issues[0]!.message}`);
    knowledgeModel = parameters.data;
  } else if (config.knowledgeModel) {
    knowledgeModel = config.knowledgeModel;
  }
  return {
    fsrs: { ...LIVE_LEARNING_CONFIG.fsrs, ...(config.fsrs as Partial<FsrsConfig>) },
    knowledgeModel,
    targetSuccessRate: config.targetSuccessRate ?? LIVE_LEARNING_CONFIG.targetSuccessRate,
  };
}

/** The text of a regular file of at most MAX_FILE_BYTES; opened without blocking, so a FIFO is refused instead of waited on. */
async function readSmallFile(target: string): Promise<string> {
  const file = await open(target, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stat = await file.stat();
    if (!stat.isFile()) throw new Error('it is not a regular file');
    if (stat.size > MAX_FILE_BYTES) throw new Error(`it is larger than ${MAX_FILE_BYTES / 1024} KiB`);
    return await file.readFile('utf8');
  } finally {
    await file.close();
  }
}
