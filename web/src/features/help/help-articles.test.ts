import { describe, expect, test } from 'vitest';
import { HELP_ARTICLES, HELP_CATEGORIES, searchHelpArticles } from './help-articles.ts';

describe('help articles', () => {
  test('ten articles covering all seven categories', () => {
    expect(HELP_ARTICLES).toHaveLength(10);
    expect(new Set(HELP_ARTICLES.map((article) => article.category))).toEqual(new Set(HELP_CATEGORIES));
    expect(new Set(HELP_ARTICLES.map((article) => article.id)).size).toBe(10);
  });

  test('search looks at questions and answers, case-insensitively, every word must match', () => {
    expect(searchHelpArticles(HELP_ARTICLES, '').length).toBe(10);
    expect(searchHelpArticles(HELP_ARTICLES, 'PASSWORD').map((article) => article.id)).toEqual(['change-password']);
    // 'spaced repetition' appears only in an answer.
    expect(searchHelpArticles(HELP_ARTICLES, 'spaced repetition').map((article) => article.id)).toEqual(['repeat-problems']);
    expect(searchHelpArticles(HELP_ARTICLES, '  hint   rated ').map((article) => article.id)).toEqual([]);
    expect(searchHelpArticles(HELP_ARTICLES, 'hint').map((article) => article.id)).toContain('hints');
    expect(searchHelpArticles(HELP_ARTICLES, 'zebra')).toEqual([]);
  });

  test('a category narrows the results', () => {
    expect(searchHelpArticles(HELP_ARTICLES, '', 'learning').map((article) => article.id)).toEqual(['repeat-problems', 'hints', 'difficulty-rating']);
    expect(searchHelpArticles(HELP_ARTICLES, 'grade', 'account')).toEqual([]);
  });
});
