/*
 * The light formatting of a message (issue 32): links, line breaks, **bold**, *italic* and lists,
 * read from its plain text into a tree that RichText renders as React elements. Nothing in a message
 * is ever HTML: tags stay text, and only http(s) addresses become links.
 */

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'link'; href: string; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'em'; children: Inline[] };

export type Block = { kind: 'paragraph'; lines: Inline[][] } | { kind: 'list'; ordered: boolean; items: Inline[][] };

/** An address, **bold**, *italic* or _italic_; an asterisk inside a word (2*3*4) stays as typed. */
const INLINE =
  /(https?:\/\/[^\s<>"]+|www\.[^\s<>"]+)|\*\*(?=\S)([^*\n]+?)\*\*|(?<![\w*])\*(?=\S)([^*\n]+?)\*(?![\w*])|(?<![\w_])_(?=\S)([^_\n]+?)_(?![\w_])/g;
/** What ends a sentence after an address is not part of it ("see https://x.test."). */
const TRAILING = /[.,;:!?'")\]]+$/;

function linkOf(found: string): { link: Inline; rest: string } {
  const trailing = TRAILING.exec(found)?.[0] ?? '';
  const text = found.slice(0, found.length - trailing.length);
  return { link: { kind: 'link', href: text.startsWith('www.') ? `https://${text}` : text, text }, rest: trailing };
}

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  const push = (piece: string) => {
    if (!piece) return;
    const last = out.at(-1);
    if (last?.kind === 'text') last.text += piece;
    else out.push({ kind: 'text', text: piece });
  };
  let at = 0;
  for (const match of text.matchAll(INLINE)) {
    push(text.slice(at, match.index));
    const [whole, address, bold, star, underscore] = match;
    if (address) {
      const { link, rest } = linkOf(address);
      out.push(link);
      push(rest);
    } else if (bold) out.push({ kind: 'strong', children: parseInline(bold) });
    else out.push({ kind: 'em', children: parseInline(star ?? underscore ?? '') });
    at = match.index + whole.length;
  }
  push(text.slice(at));
  return out;
}

const BULLET = /^\s*[-*•]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;

/** Blank lines part paragraphs; runs of `- ` or `1. ` lines are lists; other line breaks are kept. */
export function parseMessage(body: string): Block[] {
  const blocks: Block[] = [];
  for (const line of body.replace(/\r\n?/g, '\n').split('\n')) {
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const last = blocks.at(-1);
    if (bullet || numbered) {
      const ordered = numbered !== null;
      const item = parseInline((bullet ?? numbered)?.[1] ?? '');
      if (last?.kind === 'list' && last.ordered === ordered) last.items.push(item);
      else blocks.push({ kind: 'list', ordered, items: [item] });
    } else if (line.trim() === '') {
      // A blank line ends the paragraph; the next line starts another.
      if (last?.kind === 'paragraph') blocks.push({ kind: 'paragraph', lines: [] });
    } else if (last?.kind === 'paragraph') last.lines.push(parseInline(line));
    else blocks.push({ kind: 'paragraph', lines: [parseInline(line)] });
  }
  return blocks.filter((block) => block.kind === 'list' || block.lines.length > 0);
}
