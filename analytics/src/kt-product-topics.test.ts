import { describe, expect, it } from 'vitest';
import { KNOWLEDGE_FEATURES, KNOWLEDGE_MODEL_PARAMETERS, TOPIC_PREREQUISITES, TOPIC_TERMS, topics as productTopics, type KnowledgeModelParameters } from '@mathdaily/domain';
import { TRANSFER_SHRINK, withProductTopics, type ProductTopicMap } from './kt-product-topics.ts';

const values = (bias: number, successes = 0) =>
  Object.fromEntries(TOPIC_TERMS.map((term) => [term, term === 'bias' ? bias : term === 'successes' ? successes : 0])) as KnowledgeModelParameters['topics'][string];

/** Given a fit with three ASSISTments skills and one fitted pair between two of them. */
const fit: KnowledgeModelParameters = {
  ...KNOWLEDGE_MODEL_PARAMETERS,
  weights: Object.fromEntries(KNOWLEDGE_FEATURES.map((name) => [name, 0])),
  topics: { '1': values(1, -0.4), '2': values(-1), '3': values(0.5) },
  transfer: { '1': { '2': { afterCorrect: 0.4, afterWrong: -0.2 } }, '3': { '1': { afterCorrect: 1, afterWrong: 0 } } },
};
const skillIds = new Map([['Fraction Of', '1'], ['Multiplication Fractions', '2'], ['Mean', '3']]);
const responses = new Map([['1', 300], ['2', 100], ['3', 0]]);
const map: ProductTopicMap = {
  topics: { fractions: ['Fraction Of'], 'fraction-arithmetic': ['Multiplication Fractions', 'Fraction Of'] },
  prerequisites: [['fractions', 'fraction-arithmetic'], ['fractions', 'decimals']],
};

describe('kt:product-topics', () => {
  const result = withProductTopics(fit, map, skillIds, responses);

  it('a mapped topic gets its skills’ bias weighted by responses; every topic the learning terms of a typical skill', () => {
    expect(result.topics.fractions!.bias).toBe(1);
    // The typical skill: weighted by responses (300, 100, 0).
    expect(result.topics.fractions!.successes).toBeCloseTo((-0.4 * 300) / 400, 12);
    expect(result.topics['fraction-arithmetic']!.successes).toBeCloseTo((-0.4 * 300) / 400, 12);
    expect(result.topics['fraction-arithmetic']!.bias).toBeCloseTo((1 * 300 - 1 * 100) / 400, 12);
    expect(result.topics.decimals!.bias).toBeCloseTo(0.5, 12);
    expect(Object.keys(result.topics)).toHaveLength(3 + productTopics.length);
    expect(result.topics['1']).toEqual(fit.topics['1']);
  });

  it('a prerequisite pair gets the fitted pairs between its skills, else the median pair, shrunk', () => {
    expect(result.transfer.fractions!['fraction-arithmetic']).toEqual({ afterCorrect: TRANSFER_SHRINK * 0.4, afterWrong: TRANSFER_SHRINK * -0.2 });
    expect(result.transfer.fractions!.decimals).toEqual({ afterCorrect: TRANSFER_SHRINK * 0.7, afterWrong: TRANSFER_SHRINK * -0.1 });
    expect(result.transfer['3']).toEqual(fit.transfer['3']);
  });

  it('refuses a skill name that is not in skills.tsv, naming it', () => {
    expect(() => withProductTopics(fit, { topics: { fractions: ['Fractions Of'] }, prerequisites: [] }, skillIds, responses)).toThrow(
      "map: topic 'fractions': no ASSISTments skill named 'Fractions Of' in skills.tsv",
    );
  });

  it('the product’s parameter file holds values for every product topic and each prerequisite of the domain', () => {
    for (const topic of productTopics) expect(KNOWLEDGE_MODEL_PARAMETERS.topics[topic.id], topic.id).toBeDefined();
    for (const [from, to] of TOPIC_PREREQUISITES) expect(KNOWLEDGE_MODEL_PARAMETERS.transfer[from]?.[to], `${from} → ${to}`).toBeDefined();
  });
});
