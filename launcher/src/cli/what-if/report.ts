import { auc, logLoss } from '@mathdaily/analytics/metrics';
import type { Forecast, LearningFold } from './fold.ts';

/** Within this distance of the target success rate, a new problem counts as well chosen. */
const TARGET_BAND = 0.1;

interface ForecastFigures {
  n: number;
  auc: number | null;
  logLoss: number | null;
}

export interface WhatIfFigures {
  answers: number;
  correctness: ForecastFigures;
  recall: ForecastFigures;
  mastery: { topicsEverMastered: number; topicsMasteredAtEnd: number; problemsMasteredAtEnd: number };
  newProblems: { n: number; targetSuccessRate: number; meanPredicted: number | null; withinBand: number | null };
  dueByDay: Map<string, number>;
}

function forecastFigures(forecasts: readonly Forecast[], pick: (forecast: Forecast) => number | null, outcome: (forecast: Forecast) => boolean): ForecastFigures {
  const predictions: number[] = [];
  const outcomes: number[] = [];
  for (const forecast of forecasts) {
    const p = pick(forecast);
    if (p === null) continue;
    predictions.push(p);
    outcomes.push(outcome(forecast) ? 1 : 0);
  }
  if (predictions.length === 0) return { n: 0, auc: null, logLoss: null };
  const area = auc(predictions, outcomes);
  return { n: predictions.length, auc: Number.isNaN(area) ? null : area, logLoss: logLoss(predictions, outcomes) };
}

/** The figures the what-if prints for one configuration. */
export function figuresOf(fold: LearningFold): WhatIfFigures {
  const fresh = fold.forecasts.filter((forecast) => forecast.isNew);
  const target = fold.config.targetSuccessRate;
  return {
    answers: fold.forecasts.length,
    correctness: forecastFigures(fold.forecasts, (forecast) => forecast.predicted, (forecast) => forecast.succeeded),
    recall: forecastFigures(fold.forecasts, (forecast) => forecast.recall, (forecast) => forecast.isCorrect),
    mastery: fold.masteryFigures(),
    newProblems: {
      n: fresh.length,
      targetSuccessRate: target,
      meanPredicted: fresh.length ? fresh.reduce((sum, forecast) => sum + forecast.predicted, 0) / fresh.length : null,
      withinBand: fresh.length ? fresh.filter((forecast) => Math.abs(forecast.predicted - target) <= TARGET_BAND).length / fresh.length : null,
    },
    dueByDay: new Map([...fold.dueByDay].filter(([, count]) => count !== 0).sort(([a], [b]) => (a < b ? -1 : 1))),
  };
}

const number = (value: number | null, digits = 3) => (value === null ? '—' : value.toFixed(digits));
const count = (value: number) => value.toLocaleString('en-GB');
const percent = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)}%`);

/** The comparison as a plain-text table: live beside candidate, one figure a line. */
export function formatReport(live: WhatIfFigures, candidate: WhatIfFigures, lastHistoryDay: string | null): string {
  const rows: [string, string, string][] = [];
  const row = (label: string, a: string, b: string) => rows.push([label, a, b]);
  const heading = (label: string) => rows.push([label, '', '']);
  heading('Correctness predicted by the knowledge model (right without a hint; every answer)');
  row('  answers', count(live.correctness.n), count(candidate.correctness.n));
  row('  AUC', number(live.correctness.auc), number(candidate.correctness.auc));
  row('  log-loss', number(live.correctness.logLoss), number(candidate.correctness.logLoss));
  heading('Recall predicted by FSRS (answers to problems seen before)');
  row('  answers', count(live.recall.n), count(candidate.recall.n));
  row('  AUC', number(live.recall.auc), number(candidate.recall.auc));
  row('  log-loss', number(live.recall.logLoss), number(candidate.recall.logLoss));
  heading('Mastery by the knowledge model (student × topic; problems last answered right in a mastered topic)');
  row('  topics ever mastered', count(live.mastery.topicsEverMastered), count(candidate.mastery.topicsEverMastered));
  row('  topics mastered at the end', count(live.mastery.topicsMasteredAtEnd), count(candidate.mastery.topicsMasteredAtEnd));
  row('  problems mastered at the end', count(live.mastery.problemsMasteredAtEnd), count(candidate.mastery.problemsMasteredAtEnd));
  heading(`New problems against the target success rate (±${TARGET_BAND})`);
  row('  target', number(live.newProblems.targetSuccessRate, 2), number(candidate.newProblems.targetSuccessRate, 2));
  row('  mean predicted success', number(live.newProblems.meanPredicted), number(candidate.newProblems.meanPredicted));
  row('  within the band', percent(live.newProblems.withinBand), percent(candidate.newProblems.withinBand));
  heading('Reviews due per day (UTC)');
  const days = [...new Set([...live.dueByDay.keys(), ...candidate.dueByDay.keys()])].sort();
  let laterLive = 0;
  let laterCandidate = 0;
  for (const day of days) {
    const a = live.dueByDay.get(day) ?? 0;
    const b = candidate.dueByDay.get(day) ?? 0;
    if (lastHistoryDay !== null && day > lastHistoryDay) {
      laterLive += a;
      laterCandidate += b;
    } else {
      row(`  ${day}`, count(a), count(b));
    }
  }
  if (laterLive || laterCandidate) row(`  after ${lastHistoryDay}`, count(laterLive), count(laterCandidate));
  const width = Math.max(...rows.filter(([, a, b]) => a !== '' || b !== '').map(([label]) => label.length), 10) + 2;
  const lines = [`${''.padEnd(width)}${'live'.padStart(12)}${'candidate'.padStart(12)}`];
  for (const [label, a, b] of rows) lines.push(a === '' && b === '' ? label : `${label.padEnd(width)}${a.padStart(12)}${b.padStart(12)}`);
  return lines.join('\n');
}
