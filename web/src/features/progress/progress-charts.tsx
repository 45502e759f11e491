import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, XAxis, YAxis } from 'recharts';

/**
 * The progress page's charts, drawn with recharts (the library of the tutor area, docs/charts.md),
 * in their own chunk loaded with the page's data. They are for the eye: each has a table with the
 * same figures for screen readers beside it (progress-page.tsx), so the charts are aria-hidden and
 * not focusable (recharts' keyboard layer off).
 */

const MASTERY = '#4f46e5';
const CORRECT = '#047857';
const ANSWERS = '#a5b4fc';
const AXIS = { fontSize: 12, fill: '#4b5563' };
/** Legend words in the text colour (recharts colours them like their bars, too faint for the light ones). */
const legendText = (value: string) => <span style={{ color: '#374151' }}>{value}</span>;

export interface TopicBar {
  topic: string;
  /** Percent of the topic's problems mastered. */
  mastered: number;
  /** Percent of the topic's answers correct, null before any answer. */
  correct: number | null;
}

/** Mastered and answered-correctly per topic, as horizontal bars (long topic names fit a phone). */
export function TopicBarsChart({ topics }: { topics: readonly TopicBar[] }) {
  return (
    <div className="progress-chart" aria-hidden="true" data-testid="topic-bars-chart">
      <ResponsiveContainer width="100%" height={topics.length * 56 + 64}>
        <BarChart accessibilityLayer={false} data={topics} layout="vertical" margin={{ top: 4, right: 12, bottom: 4, left: 4 }} barGap={2}>
          <CartesianGrid horizontal={false} stroke="#e5e7eb" />
          <XAxis type="number" domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} unit="%" tick={AXIS} />
          <YAxis type="category" dataKey="topic" width={112} tick={AXIS} interval={0} />
          <Legend wrapperStyle={{ fontSize: 13 }} formatter={legendText} />
          <Bar dataKey="mastered" name="Mastered" fill={MASTERY} barSize={12} isAnimationActive={false} />
          <Bar dataKey="correct" name="Answered correctly" fill={CORRECT} barSize={12} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export interface DayBar {
  day: string;
  answers: number;
  correct: number;
}

/** Answers and correct answers on each of the last 7 days. */
export function WeekChart({ days }: { days: readonly DayBar[] }) {
  return (
    <div className="progress-chart" aria-hidden="true" data-testid="week-chart">
      <ResponsiveContainer width="100%" height={220}>
        <BarChart accessibilityLayer={false} data={days} margin={{ top: 8, right: 8, bottom: 4, left: -16 }} barGap={2}>
          <CartesianGrid vertical={false} stroke="#e5e7eb" />
          <XAxis dataKey="day" tick={AXIS} interval={0} />
          <YAxis allowDecimals={false} tick={AXIS} />
          <Legend wrapperStyle={{ fontSize: 13 }} formatter={legendText} />
          <Bar dataKey="answers" name="Answers" fill={ANSWERS} isAnimationActive={false} />
          <Bar dataKey="correct" name="Correct" fill={CORRECT} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
