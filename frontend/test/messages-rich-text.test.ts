import { describe, expect, it } from 'vitest';
import { parseInline, parseMessage } from '../src/features/messages/rich-text';

const text = (t: string) => ({ kind: 'text', text: t });

describe('parseInline', () => {
  it('reads bold, italic and addresses', () => {
    expect(parseInline('**Due** on *Friday*, see https://harbor.test/a?b=1.')).toEqual([
      { kind: 'strong', children: [text('Due')] },
      text(' on '),
      { kind: 'em', children: [text('Friday')] },
      text(', see '),
      { kind: 'link', href: 'https://harbor.test/a?b=1', text: 'https://harbor.test/a?b=1' },
      text('.'),
    ]);
  });

  it('links www. addresses over https and keeps italic with underscores', () => {
    expect(parseInline('_now_ www.harbor.test')).toEqual([
      { kind: 'em', children: [text('now')] },
      text(' '),
      { kind: 'link', href: 'https://www.harbor.test', text: 'www.harbor.test' },
    ]);
  });

  it('leaves arithmetic, snake_case and lone stars as typed', () => {
    expect(parseInline('2*3*4 and file_name_here and * a *')).toEqual([text('2*3*4 and file_name_here and * a *')]);
  });

  it('never links a script address or reads tags', () => {
    expect(parseInline('<script>alert(1)</script> javascript:alert(1) [x](javascript:alert(1))')).toEqual([
      text('<script>alert(1)</script> javascript:alert(1) [x](javascript:alert(1))'),
    ]);
  });
});

describe('parseMessage', () => {
  it('keeps line breaks, parts paragraphs on blank lines and reads lists', () => {
    expect(parseMessage('Hi Sam,\nthe files:\n\n- one\n- two\n1. first\n2) second\nThanks')).toEqual([
      { kind: 'paragraph', lines: [[text('Hi Sam,')], [text('the files:')]] },
      { kind: 'list', ordered: false, items: [[text('one')], [text('two')]] },
      { kind: 'list', ordered: true, items: [[text('first')], [text('second')]] },
      { kind: 'paragraph', lines: [[text('Thanks')]] },
    ]);
  });

  it('drops blank lines around the text', () => {
    expect(parseMessage('\n\n  \nHello\r\n\r\n\r\n')).toEqual([{ kind: 'paragraph', lines: [[text('Hello')]] }]);
  });
});
