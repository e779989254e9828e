import { describe, expect, it } from 'vitest';
import { completeProfileBody } from '../src';

const firstMessage = (input: unknown) => completeProfileBody.safeParse(input).error?.issues[0]?.message;

describe('completeProfileBody (/complete-profile)', () => {
  it('needs both names and keeps an optional http(s) LinkedIn link', () => {
    expect(completeProfileBody.parse({ first_name: ' Ada ', last_name: 'Lovelace', linkedin: '' })).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      linkedin: null,
    });
    expect(
      completeProfileBody.parse({ first_name: 'Ada', last_name: 'L', linkedin: 'https://linkedin.com/in/ada' })
        .linkedin,
    ).toBe('https://linkedin.com/in/ada');
  });

  it.each([
    [{ first_name: ' ', last_name: 'Lovelace' }, 'First name is required.'],
    [{ first_name: 'Ada', last_name: '' }, 'Last name is required.'],
    [{ first_name: 'x'.repeat(101), last_name: 'L' }, 'First name must be at most 100 characters.'],
    [
      { first_name: 'Ada', last_name: 'L', linkedin: 'javascript:alert(1)' },
      'LinkedIn URL must be a web address starting with http:// or https://.',
    ],
    [
      { first_name: 'Ada', last_name: 'L', linkedin: 'linkedin.com/in/ada' },
      'LinkedIn URL must be a web address starting with http:// or https://.',
    ],
  ])('%j → %s', (input, message) => {
    expect(firstMessage(input)).toBe(message);
  });
});
