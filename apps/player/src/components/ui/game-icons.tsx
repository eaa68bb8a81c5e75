/** Line icons of the game screens (bundled: the lobby is the first screen). Same style as icons.tsx. */
import { base, type IconProps } from './icons.tsx';

export const HeartIcon = ({ size = 20, filled = false }: IconProps & { filled?: boolean }) => (
  <svg {...base(size)} fill={filled ? 'currentColor' : 'none'}>
    <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
  </svg>
);
export const SearchIcon = ({ size = 20 }: IconProps) => (
  <svg {...base(size)}><circle cx="11" cy="11" r="6.5" /><path d="M16 16l4.5 4.5" /></svg>
);
export const CloseIcon = ({ size = 20 }: IconProps) => (
  <svg {...base(size)}><path d="M6 6l12 12M18 6L6 18" /></svg>
);
export const ClockIcon = ({ size = 18 }: IconProps) => (
  <svg {...base(size)}><circle cx="12" cy="12" r="8.5" /><path d="M12 7.5V12l3 2" /></svg>
);
