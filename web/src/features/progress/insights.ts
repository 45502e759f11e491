import { formatResponseTime } from '@mathdaily/domain/learning/progress';
import type { ProgressSummary, TopicMastery } from './progress-api.ts';

/** Performance insights and learning tips for the progress page, derived from the learner's real figures. */

export interface Insight {
  icon: string;
  text: string;
}

export interface TopicRow extends TopicMastery {
  topic: string;
}

export const percent = (rate: number): number => Math.round(Math.max(0, Math.min(1, rate)) * 100);

/** Overall mastery rate: the server's, else mastered / attempted. */
export const overallMasteryRate = (p: ProgressSummary): number =>
  p.mastery_rate ?? (p.total_problems_attempted > 0 ? p.total_problems_mastered / p.total_problems_attempted : 0);

export function topicRows(p: ProgressSummary): TopicRow[] {
  return Object.entries(p.mastery_by_topic)
    .map(([topic, figures]) => ({ topic, ...figures }))
    .sort((a, b) => b.mastery_rate - a.mastery_rate || (b.success_rate ?? 0) - (a.success_rate ?? 0) || a.topic.localeCompare(b.topic));
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function performanceInsights(p: ProgressSummary): Insight[] {
  const insights: Insight[] = [];
  const success = percent(p.overall_success_rate);
  const answers = p.total_answers ?? p.total_problems_attempted;
  insights.push({
    icon: success >= 80 ? '🌟' : success >= 60 ? '👍' : '🌱',
    text: `You answered ${success}% of ${plural(answers, 'question')} correctly${
      success >= 80 ? ' — excellent accuracy.' : success >= 60 ? ' — solid, and improving with every session.' : '. Reading the explanations after a miss is the fastest way to lift this.'
    }`,
  });

  const rated = topicRows(p).filter((t) => (t.attempts ?? t.total) > 0 && t.success_rate !== undefined);
  if (rated.length >= 2) {
    const best = [...rated].sort((a, b) => b.success_rate! - a.success_rate! || a.topic.localeCompare(b.topic))[0]!;
    const worst = [...rated].sort((a, b) => a.success_rate! - b.success_rate! || a.topic.localeCompare(b.topic))[0]!;
    if (best.success_rate! > worst.success_rate!) {
      insights.push({ icon: '💪', text: `Your strongest topic is ${best.topic}, with ${percent(best.success_rate!)}% correct.` });
      insights.push({ icon: '🎯', text: `${worst.topic} needs the most work (${percent(worst.success_rate!)}% correct) — it will come up in your reviews.` });
    } else {
      insights.push({ icon: '⚖️', text: `You are equally accurate across your ${rated.length} topics (${percent(best.success_rate!)}% correct).` });
    }
  } else if (rated.length === 1) {
    insights.push({ icon: '🧭', text: `So far you have practised one topic, ${rated[0]!.topic}. New topics appear as you keep practising.` });
  }

  if (p.total_problems_mastered > 0) {
    const days = p.average_mastery_time_days;
    insights.push({
      icon: '🏅',
      text: `You have mastered ${plural(p.total_problems_mastered, 'problem')}${days !== null ? `, taking ${days} ${days === 1 ? 'day' : 'days'} on average` : ''}.`,
    });
  } else {
    // The knowledge model's rule (docs/learning-model.md §3), in a child's words.
    insights.push({ icon: '⏳', text: 'Nothing mastered yet: a topic is mastered once you answer its problems right, without a hint, on at least two different days.' });
  }

  if (p.current_streak > 0) {
    insights.push({
      icon: '🔥',
      text:
        p.current_streak >= p.longest_streak
          ? `You are on your longest streak yet: ${plural(p.current_streak, 'day')} in a row.`
          : `Current streak: ${plural(p.current_streak, 'day')}. Your record is ${plural(p.longest_streak, 'day')}.`,
    });
  } else if (p.longest_streak > 0) {
    insights.push({ icon: '📅', text: `Your best streak is ${plural(p.longest_streak, 'day')}. Practise today to start a new one.` });
  }

  if (p.average_response_time_ms) {
    insights.push({ icon: '⏱', text: `Your average answer takes ${formatResponseTime(p.average_response_time_ms)}.` });
  }
  return insights;
}

export function learningTips(p: ProgressSummary): Insight[] {
  const tips: Insight[] = [];
  const success = percent(p.overall_success_rate);
  if (p.problems_overdue > 0) {
    tips.push({ icon: '🔁', text: `Start with your ${plural(p.problems_overdue, 'overdue review')}: reviewing close to the due date is what makes a problem stick.` });
  } else if (p.problems_due_today > 0) {
    tips.push({ icon: '🔁', text: `You have ${plural(p.problems_due_today, 'review')} due today — doing them today keeps the spacing just right.` });
  }
  if (success < 60) {
    tips.push({ icon: '💡', text: 'Open the hint when you are stuck, and read the worked explanation after every miss before moving on.' });
  }
  if (p.average_response_time_ms && p.average_response_time_ms < 10_000 && success < 70) {
    tips.push({ icon: '🐢', text: 'You answer quickly; slowing down and checking each step could lift your accuracy.' });
  }
  if (p.current_streak === 0 || !p.practiced_today) {
    tips.push({ icon: '📆', text: 'Little and often beats long and rare: ten minutes every day builds a streak and your memory.' });
  }
  if (success >= 80) {
    tips.push({ icon: '🚀', text: 'Rate problems honestly: marking easy ones as Too Easy lets the schedule space them out and bring you new challenges.' });
  }
  tips.push({ icon: '✍️', text: 'Work problems out on paper first: writing the steps makes mistakes easier to spot.' });
  return tips.slice(0, 4);
}
