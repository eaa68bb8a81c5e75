import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RichText } from './rich-text.tsx';

afterEach(cleanup);

describe('RichText: operator text without HTML', () => {
  it('turns [label](/path) and https links into anchors and leaves every other text as text', () => {
    const { container } = render(
      <RichText text={'Open the [verify page](/originals/verify) to check.\n\n- See [docs](https://example.com/x)\n- [bad](javascript:alert(1)) and [proto](//evil.example) and <b>bold</b>'} />,
    );
    const verify = screen.getByRole('link', { name: 'verify page' });
    expect(verify.getAttribute('href')).toBe('/originals/verify');
    expect(verify.getAttribute('target')).toBeNull();
    expect(screen.getByRole('link', { name: 'docs' }).getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getAllByRole('link')).toHaveLength(2);
    expect(container.textContent).toContain('[bad](javascript:alert(1))');
    expect(container.querySelector('b')).toBeNull();
  });

  it('reads a heading followed by its list lines in one block as a heading and a list', () => {
    const { container } = render(<RichText text={'Intro line.\n\n# Android\n- Open Chrome.\n- Tap the menu.\nThen it opens.'} />);
    expect(container.querySelector('h2')?.textContent).toBe('Android');
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Open Chrome.', 'Tap the menu.']);
    expect([...container.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Intro line.', 'Then it opens.']);
  });
});
