import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis, Bar, BarChart } from 'recharts';
import { TARGET_SUCCESS } from '@mathdaily/domain/learning/select-problems';
import type { StudentProgress } from './tutor-api.ts';

/**
 * The student detail's charts (recharts, loaded with this chunk only: docs/charts.md). Colours
 * are distinct for up to 8 topics and keep 3:1 contrast on white.
 */
const COLOURS = ['#4338ca', '#b45309', '#047857', '#be123c', '#0369a1', '#7e22ce', '#4d7c0f', '#c2410c'];
const shortDate = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const asPercent = (value: unknown) => (typeof value === 'number' ? `${Math.round(value * 100)}%` : '—');

/**
 * Mastery per topic over time, read against a dashed line at 75 % (where practice aims); the query
 * lists only topics with data in the window, so the legend names no empty topic.
 */
export function MasteryChart({ progress }: { progress: StudentProgress }) {
  return (
    <ResponsiveContainer width="100%" height={280}>
      <LineChart data={progress.mastery_over_time} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid stroke="#e5e7eb" />
        <XAxis dataKey="date" tickFormatter={shortDate} minTickGap={24} />
        <YAxis domain={[0, 1]} ticks={[0, 0.25, 0.5, 0.75, 1]} tickFormatter={asPercent} width={56} />
        <Tooltip formatter={(value) => asPercent(value)} labelFormatter={(label) => shortDate(String(label))} />
        <Legend />
        <ReferenceLine y={TARGET_SUCCESS} stroke="#374151" strokeDasharray="6 4" label={{ value: `${TARGET_SUCCESS * 100}% target`, position: 'insideTopRight', fill: '#374151', fontSize: 12 }} />
        {progress.topics.map((topic, index) => (
          <Line key={topic} type="monotone" dataKey={topic} stroke={COLOURS[index % COLOURS.length]} strokeWidth={2} dot={{ r: 3 }} connectNulls isAnimationActive={false} />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}

export function DailyChart({ progress }: { progress: StudentProgress }) {
  const data = progress.days.map((day) => ({ ...day, accuracy_percent: day.accuracy === null ? null : Math.round(day.accuracy * 100) }));
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid stroke="#e5e7eb" />
        <XAxis dataKey="date" tickFormatter={shortDate} minTickGap={24} />
        <YAxis yAxisId="minutes" allowDecimals={false} width={56} unit=" min" />
        <YAxis yAxisId="accuracy" orientation="right" domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} unit="%" width={56} />
        <Tooltip labelFormatter={(label) => shortDate(String(label))} />
        <Legend />
        <Bar yAxisId="minutes" dataKey="study_minutes" name="Study time (min)" fill="#6366f1" isAnimationActive={false} />
        <Bar yAxisId="accuracy" dataKey="accuracy_percent" name="Accuracy (%)" fill="#059669" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
