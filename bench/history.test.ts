import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeHistory } from './history.ts';

// `npm run bench` generates its replay history with this; no other test runs it, and event
// schemas that change under it (issue 31's session events) broke the bench unseen.
describe('the bench history generator', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'bench-history-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('writes exactly the events asked for, every one valid for its schema, practice included, the same for a seed', async () => {
    const file = path.join(folder, 'history.copy');
    const summary = await writeHistory({ events: 12_000, seed: 7, file });
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(summary.events).toBe(12_000);
    expect(lines).toHaveLength(12_000);
    for (const type of ['ProblemCreated', 'UserRegistered', 'PracticeSessionStarted', 'AnswerSubmitted', 'DifficultyRated', 'PracticeSessionEnded']) {
      expect(summary.types[type], type).toBeGreaterThan(0);
    }
    const again = path.join(folder, 'again.copy');
    await writeHistory({ events: 12_000, seed: 7, file: again });
    expect(readFileSync(again, 'utf8')).toBe(readFileSync(file, 'utf8'));
  });
});
