/**
 * npm run kt:product-topics [-- --parameters FILE --map FILE --skills FILE --train FILE]
 *
 * Gives the product's own topics per-topic and transfer values in the knowledge model's parameter
 * file (docs/knowledge-model.md §2b). The fit on ASSISTments 2009 (`npm run eval:kt --
 * --write-parameters`) has values for its 110 skills only; the product's topics are slugs
 * (domain/src/problems/topics.ts) and would get 0. From a hand-made map (product topic → the
 * ASSISTments skills that practise the same thing; prerequisite pairs in curriculum order):
 *   - every topic gets the learning-rate terms of a typical skill (the response-weighted mean over
 *     every skill): ASSISTments' per-skill learning terms encode the skill builders' stopping rule
 *     (a student keeps getting items only until three right in a row, so long runs select
 *     strugglers), which made predictions fall during a perfect run on some mapped topics;
 *   - a mapped topic's bias (its difficulty) is the response-weighted mean of its skills' biases;
 *     an unmapped topic keeps the typical skill's;
 *   - each prerequisite pair (from → to) gets transfer values: the mean of the fitted pairs between
 *     their skills when there are any, else the median of all fitted pairs, times TRANSFER_SHRINK
 *     (ASSISTments pairs include multi-skill problems' duplicated rows, which overstate transfer).
 * Writes the file in place (product entries replaced, ASSISTments entries untouched). Deterministic.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { TOPIC_PREREQUISITES, TOPIC_TERMS, knowledgeModelParametersSchema, topics as productTopics, type KnowledgeModelParameters } from '@mathdaily/domain';
import { parseKtFile } from './kt-data.ts';

/** ASSISTments transfer is fitted on rows that include multi-skill duplicates; the product sees one topic per problem. */
export const TRANSFER_SHRINK = 0.5;

export interface ProductTopicMap {
  topics: Record<string, string[]>;
  prerequisites: ReadonlyArray<readonly [string, string]>;
}

type TopicValues = KnowledgeModelParameters['topics'][string];
type TransferValues = KnowledgeModelParameters['transfer'][string][string];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length === 0 ? 0 : sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function weightedMean(entries: Array<{ values: TopicValues; weight: number }>): TopicValues {
  const total = entries.reduce((sum, entry) => sum + entry.weight, 0);
  return Object.fromEntries(
    TOPIC_TERMS.map((term) => [term, total > 0 ? entries.reduce((sum, entry) => sum + entry.values[term] * entry.weight, 0) / total : 0]),
  ) as TopicValues;
}

/**
 * The parameter file with the product topics' values. `skillIds`: skill name → id (skills.tsv);
 * `responses`: skill id → responses in the training file (the weights).
 */
export function withProductTopics(
  params: KnowledgeModelParameters,
  map: ProductTopicMap,
  skillIds: ReadonlyMap<string, string>,
  responses: ReadonlyMap<string, number>,
): KnowledgeModelParameters {
  const known = new Set(productTopics.map((topic) => topic.id));
  const skillsOf = new Map<string, string[]>();
  for (const [topicId, names] of Object.entries(map.topics)) {
    if (!known.has(topicId)) throw new Error(`map: '${topicId}' is not a product topic (domain/src/problems/topics.ts)`);
    skillsOf.set(
      topicId,
      names.map((name) => {
        const id = skillIds.get(name.trim());
        if (id === undefined) throw new Error(`map: topic '${topicId}': no ASSISTments skill named '${name}' in skills.tsv`);
        if (!params.topics[id]) throw new Error(`map: skill '${name}' (${id}) has no fitted values in the parameter file`);
        return id;
      }),
    );
  }
  const fitted = (ids: readonly string[]) => ids.map((id) => ({ values: params.topics[id]!, weight: responses.get(id) ?? 0 }));
  const typical = weightedMean(fitted(Object.keys(params.topics).filter((id) => !known.has(id))));
  const topics: KnowledgeModelParameters['topics'] = Object.fromEntries(Object.entries(params.topics).filter(([id]) => !known.has(id)));
  for (const topic of productTopics) {
    const ids = skillsOf.get(topic.id) ?? [];
    topics[topic.id] = ids.length > 0 ? { ...typical, bias: weightedMean(fitted(ids)).bias } : typical;
  }

  const transfer: KnowledgeModelParameters['transfer'] = {};
  const allPairs: TransferValues[] = [];
  for (const [from, row] of Object.entries(params.transfer)) {
    if (known.has(from)) continue;
    const kept = Object.entries(row).filter(([to]) => !known.has(to));
    if (kept.length > 0) transfer[from] = Object.fromEntries(kept);
    for (const [, pair] of kept) allPairs.push(pair);
  }
  const typicalPair = { afterCorrect: median(allPairs.map((p) => p.afterCorrect)), afterWrong: median(allPairs.map((p) => p.afterWrong)) };
  for (const [from, to] of map.prerequisites) {
    for (const id of [from, to]) if (!known.has(id)) throw new Error(`map: prerequisite '${id}' is not a product topic`);
    const pairs = (skillsOf.get(from) ?? []).flatMap((a) => (skillsOf.get(to) ?? []).flatMap((b) => (params.transfer[a]?.[b] ? [params.transfer[a][b]] : [])));
    const base = pairs.length > 0 ? { afterCorrect: mean(pairs.map((p) => p.afterCorrect)), afterWrong: mean(pairs.map((p) => p.afterWrong)) } : typicalPair;
    (transfer[from] ??= {})[to] = { afterCorrect: TRANSFER_SHRINK * base.afterCorrect, afterWrong: TRANSFER_SHRINK * base.afterWrong };
  }
  return { ...params, topics, transfer };
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

function main(argv: readonly string[]): void {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      parameters: { type: 'string', default: 'domain/src/learning/knowledge-model-parameters.json' },
      map: { type: 'string', default: 'analytics/data/product-topic-map.json' },
      skills: { type: 'string', default: '../shared/data/assist2009/skills.tsv' },
      train: { type: 'string', default: '../shared/data/assist2009/train.csv' },
    },
  });
  const params = knowledgeModelParametersSchema.parse(JSON.parse(readFileSync(values.parameters, 'utf8')));
  const map: ProductTopicMap = { topics: (JSON.parse(readFileSync(values.map, 'utf8')) as Pick<ProductTopicMap, 'topics'>).topics, prerequisites: TOPIC_PREREQUISITES };
  const skillIds = new Map(
    readFileSync(values.skills, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const [name, id] = line.split('\t');
        return [name!.trim(), id!.trim()] as const;
      }),
  );
  const responses = new Map<string, number>();
  for (const student of parseKtFile(readFileSync(values.train, 'utf8'))) for (const skill of student.skills) responses.set(skill, (responses.get(skill) ?? 0) + 1);
  const next = withProductTopics(params, map, skillIds, responses);
  const command = `npm run kt:product-topics -- --parameters ${values.parameters} --map ${values.map} --skills ${values.skills} --train ${values.train}`;
  const fittedWith = `${params.fittedWith.split('; product topics: ')[0]}; product topics: ${command}`;
  writeFileSync(values.parameters, `${JSON.stringify({ ...next, fittedWith }, null, 2)}\n`);
  const mapped = Object.values(map.topics).filter((names) => names.length > 0).length;
  console.log(`${productTopics.length} product topics (${mapped} mapped to ASSISTments skills, the rest a typical skill), ${map.prerequisites.length} prerequisite transfers, written to ${values.parameters}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(`kt:product-topics: ${(error as Error).message}`);
    process.exitCode = 2;
  }
}
