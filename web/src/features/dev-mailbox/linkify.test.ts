import { expect, test } from 'vitest';
import { linkify } from './linkify.ts';

test('links in plain text become link parts; sentence punctuation stays text', () => {
  expect(linkify('Open https://app.test/verify-email?token=abc123. Thanks!')).toEqual([
    { kind: 'text', text: 'Open ' },
    { kind: 'link', href: 'https://app.test/verify-email?token=abc123' },
    { kind: 'text', text: '. Thanks!' },
  ]);
});

test('text without links, several links, and a link at the very end', () => {
  expect(linkify('no links here')).toEqual([{ kind: 'text', text: 'no links here' }]);
  expect(linkify('a http://x.test/1\nb http://x.test/2')).toEqual([
    { kind: 'text', text: 'a ' },
    { kind: 'link', href: 'http://x.test/1' },
    { kind: 'text', text: '\nb ' },
    { kind: 'link', href: 'http://x.test/2' },
  ]);
});
