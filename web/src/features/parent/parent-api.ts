import { api } from '../../api/client.ts';

export interface ChildSummary {
  id: string;
  firstName: string;
  lastName: string;
  gradeLevel: number | null;
  linkedAt: string | null;
  week: { start: string; end: string; daysPractised: number; minutes: number; answers: number; correct: number; accuracy: number | null; days: { date: string; answers: number; minutes: number }[] };
  masteryByTopic: { topic: string; mastered: number; total: number; level: string }[];
  achievements: { id: string; title: string; icon: string; earnedAt: string }[];
  assignments: { id: string; title: string; assignedAt: string; problems: number; answered: number }[];
}

export interface Family {
  children: ChildSummary[];
  weeklySummary: { enabled: boolean };
}

export const fetchFamily = async (signal?: AbortSignal) => (await api.get<{ data: Family }>('/api/parent/children', { signal })).data;
export const linkChild = (code: string) => api.post<{ child: { id: string; firstName: string } }>('/api/parent/children', { code });
export const unlinkChild = (childId: string) => api.delete(`/api/parent/children/${childId}`);
export const eraseChild = (childId: string, password: string) => api.post(`/api/parent/children/${childId}/erase`, { password });
export const setWeeklySummary = (enabled: boolean) => api.put<{ message: string }>('/api/parent/weekly-summary', { enabled });
