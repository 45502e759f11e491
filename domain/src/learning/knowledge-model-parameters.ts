/**
 * The knowledge model's parameters the product runs: fitted on the whole ASSISTments 2009 training
 * file by `npm run eval:kt -- --cv 5 --train ../shared/data/assist2009/train.csv --write-parameters
 * domain/src/learning/knowledge-model-parameters.json` (docs/knowledge-model.md). Checked against
 * the schema when loaded, so a hand-edited file that lost a weight fails at start-up.
 */
import fitted from './knowledge-model-parameters.json' with { type: 'json' };
import { knowledgeModelParametersSchema, type KnowledgeModelParameters } from './knowledge-model.ts';

export const KNOWLEDGE_MODEL_PARAMETERS: KnowledgeModelParameters = /* @__PURE__ */ knowledgeModelParametersSchema.parse(fitted);
