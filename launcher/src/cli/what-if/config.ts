import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { LIVE_FSRS_CONFIG, TARGET_SUCCESS, type FsrsConfig } from '@mathdaily/domain';
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

const finite = z.number().refine(Number.isFinite, 'must be a finite number');
const step = z.string().regex(/^[1-9]\d*[mhd]$/, "steps are like '1m', '10m', '1h' or '1d'");

/**
 * The --config file (JSON). Every part is optional and defaults to the live one, so a file can
 * change only the FSRS retention, say. `knowledgeModel` is a parameter file's contents or its path
 * (relative to the config file), in the shape `npm run eval:kt -- --write-parameters` writes.
 */
export const whatIfConfigFileSchema = z
  .object({
    fsrs: z
      .object({
        requestRetention: z.number().gt(0.5, 'requestRetention must be above 0.5').lt(1, 'requestRetention must be below 1'),
        maximumIntervalDays: z.number().int().min(1).max(36_500),
        weights: z.array(finite).min(17).max(21).nullable(),
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
    try {
      return JSON.parse(await readFile(target, 'utf8')) as unknown;
    } catch (error) {
      throw new UsageError(`Cannot read ${what} ${target}: ${(error as Error).message}`);
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
