/**
 * Whether text can be stored: PostgreSQL's text and jsonb refuse U+0000 and a lone UTF-16
 * surrogate (which JSON's `\ud800` escapes can produce), so input carrying either is refused at
 * the edge rather than failing in the database.
 */
export function isWellFormedText(value: string): boolean {
  return value.isWellFormed() && !value.includes('\u0000');
}

export const ILL_FORMED_TEXT_MESSAGE = 'Text must not contain NUL characters or broken Unicode (a lone surrogate).';
