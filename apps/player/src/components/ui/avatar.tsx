import { useState } from 'react';

export const AVATAR_COUNT = 12;
export const DEFAULT_AVATAR_SRC = '/logo.svg';

export function avatarSrc(avatar: number | null | undefined): string {
  return avatar && avatar > 0 ? `/avatars/${avatar}.svg` : DEFAULT_AVATAR_SRC;
}

interface AvatarProps {
  value: number | null | undefined;
  size?: number;
  alt?: string;
}

/** A built-in avatar by number; a missing image falls back to the default logo (spec §5). */
export function Avatar({ value, size = 40, alt = '' }: AvatarProps) {
  const [failed, setFailed] = useState<number | null | undefined>(null);
  const broken = failed === value && failed !== null;
  return (
    <img
      className="avatar"
      src={broken ? DEFAULT_AVATAR_SRC : avatarSrc(value)}
      width={size}
      height={size}
      alt={alt}
      onError={() => setFailed(value)}
    />
  );
}
