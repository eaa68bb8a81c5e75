import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';

afterEach(cleanup);
import { Avatar, DEFAULT_AVATAR_SRC } from './avatar.tsx';

describe('Avatar', () => {
  it('uses the image named by the avatar number', () => {
    const { container } = render(<Avatar value={5} />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/avatars/5.svg');
  });

  it('falls back to the default logo when the image fails to load', () => {
    const { container } = render(<Avatar value={77} />);
    const img = container.querySelector('img')!;
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(DEFAULT_AVATAR_SRC);
  });

  it('shows the default logo when there is no avatar', () => {
    const { container } = render(<Avatar value={0} />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe(DEFAULT_AVATAR_SRC);
  });
});
