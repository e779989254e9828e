import { describe, expect, it } from 'vitest';
import {
  checkAnswers,
  embedIntegrationOf,
  normalizeQuestionType,
  ownValue,
  questionSchema,
  recordWithoutPrototype,
  roleKindOf,
} from '../src';

/** Names every plain object already answers to, and the usual prototype-pollution ones (issue 25). */
const INHERITED_NAMES = [...Object.getOwnPropertyNames(Object.prototype), 'prototype'];

describe('keys taken from input', () => {
  it('a record without a prototype answers only to the keys set on it, __proto__ included', () => {
    const record = recordWithoutPrototype<string>();
    for (const name of INHERITED_NAMES) expect(record[name], name).toBeUndefined();
    const fields = [
      ['__proto__', 'a field'],
      ['constructor', 'another'],
    ] as const;
    for (const [name, value] of fields) record[name] = value;
    expect(Object.keys(record)).toEqual(['__proto__', 'constructor']);
    expect(JSON.stringify(record)).toBe('{"__proto__":"a field","constructor":"another"}');
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });

  it('ownValue reads a key of the table itself, never an inherited property', () => {
    const table: Record<string, string> = { short_answer: 'short' };
    expect(ownValue(table, 'short_answer')).toBe('short');
    for (const name of INHERITED_NAMES) expect(ownValue(table, name), name).toBeUndefined();
  });

  it.each(INHERITED_NAMES)('role key %s without a role type is a client, like any unknown key', (key) => {
    expect(roleKindOf(key)).toBe('client');
    expect(roleKindOf(key, [{ role_key: key, kind: 'team' }])).toBe('team');
  });

  it.each(INHERITED_NAMES)('question type %s is not a legacy name, and is refused', (type) => {
    expect(normalizeQuestionType(type)).toBe(type);
    expect(questionSchema.safeParse({ id: 'a', type, label: 'L' }).success).toBe(false);
  });

  it.each(INHERITED_NAMES)('an embed of provider %s belongs to no integration', (provider) => {
    expect(embedIntegrationOf({ provider, url: 'https://tools.example.test/x' })).toBeNull();
  });

  it('answers to questions whose ids are inherited names are checked like any other', () => {
    const fields = ['constructor', 'toString', 'valueOf'].map((id) =>
      questionSchema.parse({ id, type: 'short', label: id, required: id === 'toString' }),
    );
    const { answers, problems } = checkAnswers(fields, { constructor: 'given' });
    expect({ ...answers }).toEqual({ constructor: 'given' });
    expect({ ...problems }).toEqual({ toString: 'This question is required.' });
    expect(problems.valueOf).toBeUndefined();
  });
});
