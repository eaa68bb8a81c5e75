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
export const GamepadIcon = ({ size = 20 }: IconProps) => (
  <svg {...base(size)}><rect x="2.5" y="7" width="19" height="11" rx="5.5" /><path d="M7.5 10.5v4M5.5 12.5h4" /><circle cx="15.5" cy="11.5" r=".6" /><circle cx="17.5" cy="13.5" r=".6" /></svg>
);
export const ChartIcon = ({ size = 20 }: IconProps) => (
  <svg {...base(size)}><path d="M4 20V4M4 20h16" /><path d="M8 16v-5M12 16V8M16 16v-3" /></svg>
);
export const WalletIcon = ({ size = 20 }: IconProps) => (
  <svg {...base(size)}><path d="M4 7h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a1 1 0 0 1-1-1z" /><path d="M4 7l11-3v3" /><circle cx="16" cy="13.5" r="1" /></svg>
);
