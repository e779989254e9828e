import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText } from '../../src/features/messages/RichText';

describe('Messages: formatting', () => {
  it('renders bold, italic, lists, line breaks and http(s) links as elements', () => {
    const { container } = render(
      <RichText body={'**Due** on *Friday*\nsee https://harbor.test/docs.\n\n- one\n- two\n1. first'} />,
    );
    expect(container.querySelector('strong')?.textContent).toBe('Due');
    expect(container.querySelector('em')?.textContent).toBe('Friday');
    expect(container.querySelectorAll('br')).toHaveLength(1);
    expect([...container.querySelectorAll('ul li')].map((li) => li.textContent)).toEqual(['one', 'two']);
    expect([...container.querySelectorAll('ol li')].map((li) => li.textContent)).toEqual(['first']);
    const link = screen.getByRole('link', { name: 'https://harbor.test/docs' });
    expect(link.getAttribute('href')).toBe('https://harbor.test/docs');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('shows a script tag, a javascript: address and markup as the text they are', () => {
    const body =
      '<script>alert(1)</script> <img src=x onerror=alert(2)> javascript:alert(3) [click](javascript:alert(4)) <a href="javascript:alert(5)">x</a>';
    const { container } = render(<RichText body={body} />);
    expect(container.querySelector('script, img, iframe')).toBeNull();
    expect(container.querySelectorAll('a')).toHaveLength(0);
    expect(container.textContent).toBe(body);
  });
});
