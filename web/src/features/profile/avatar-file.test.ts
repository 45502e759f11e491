import { expect, test } from 'vitest';
import { avatarFileProblem, matchesFilter, MAX_AVATAR_BYTES, stripDataUrl } from './avatar-file.ts';

test('avatar files: at most 2 MB, JPEG/PNG/GIF only, with the SPEC messages', () => {
  expect(avatarFileProblem({ size: MAX_AVATAR_BYTES, type: 'image/png' })).toBeNull();
  expect(avatarFileProblem({ size: 2_097_152, type: 'image/jpeg' })).toBeNull();
  expect(avatarFileProblem({ size: 2_097_153, type: 'image/gif' })).toBe('File size exceeds maximum limit of 2MB');
  expect(avatarFileProblem({ size: 10, type: 'image/webp' })).toBe('File type not supported. Please use JPEG, PNG, or GIF images.');
  expect(avatarFileProblem({ size: 10, type: 'image/svg+xml' })).toBe('File type not supported. Please use JPEG, PNG, or GIF images.');
});

test('the upload sends base64 without the data: prefix', () => {
  expect(stripDataUrl('data:image/png;base64,iVBORw0KGgo=')).toBe('iVBORw0KGgo=');
  expect(stripDataUrl('data:image/svg+xml,<svg/>')).toBeNull();
  expect(stripDataUrl('')).toBeNull();
});

test('plural filter names match the singular categories', () => {
  expect(matchesFilter('character', 'characters')).toBe(true);
  expect(matchesFilter('color', 'colors')).toBe(true);
  expect(matchesFilter('math', 'science')).toBe(false);
  expect(matchesFilter('abstract', 'all')).toBe(true);
});
