/**
 * The little Markdown that OpenAPI descriptions use: paragraphs, **strong** and `code`. Rendered as
 * React elements (never as HTML), so a description cannot inject markup.
 */

export interface TextSegment {
  kind: 'text' | 'strong' | 'code';
  text: string;
}

const INLINE = /(`[^`\n]+`|\*\*[^*\n]+\*\*)/;

/** One line or paragraph cut into plain, strong and code runs. */
export function inlineSegments(text: string): TextSegment[] {
  return text
    .split(INLINE)
    .filter((part) => part !== '')
    .map((part): TextSegment => {
      if (part.length > 2 && part.startsWith('`') && part.endsWith('`'))
        return { kind: 'code', text: part.slice(1, -1) };
      if (part.length > 4 && part.startsWith('**') && part.endsWith('**'))
        return { kind: 'strong', text: part.slice(2, -2) };
      return { kind: 'text', text: part };
    });
}

/** Paragraphs (split on blank lines, inner line breaks joined with spaces), each cut into runs. */
export function paragraphs(text: string): TextSegment[][] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean)
    .map(inlineSegments);
}
