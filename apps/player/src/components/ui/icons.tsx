/** Our own small line icons, bundled: the first screen (tab bar, top bar, home) draws them with no request. Other screens use <Icon> (icon.tsx, decision 037). */
export type IconProps = { size?: number };

/** The svg attributes every line icon shares. */
export const base = (size: number) => ({
  width: size,
  height: size,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
});

export const HomeIcon = ({ size = 24 }: IconProps) => (
  <svg {...base(size)}><path d="M3 11l9-7 9 7" /><path d="M5 10v10h5v-6h4v6h5V10" /></svg>
);
export const SupportIcon = ({ size = 24 }: IconProps) => (
  <svg {...base(size)}><path d="M4 14v-2a8 8 0 0 1 16 0v2" /><rect x="3" y="13" width="4" height="6" rx="1.5" /><rect x="17" y="13" width="4" height="6" rx="1.5" /><path d="M19 19c0 1.5-2 2.5-5 2.5" /></svg>
);
export const UserIcon = ({ size = 24 }: IconProps) => (
  <svg {...base(size)}><circle cx="12" cy="8" r="4" /><path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" /></svg>
);
export const InviteIcon = ({ size = 24 }: IconProps) => (
  <svg {...base(size)}><circle cx="9" cy="8" r="4" /><path d="M2 21c1.2-3.5 3.8-5.5 7-5.5s5.8 2 7 5.5M19 8v6M16 11h6" /></svg>
);
export const WalletIcon = ({ size = 24 }: IconProps) => (
  <svg {...base(size)}><rect x="3" y="6" width="18" height="14" rx="2" /><path d="M3 10h18M16 15h2M7 6l8-3 1 3" /></svg>
);
export const GiftIcon = ({ size = 24 }: IconProps) => (
  <svg {...base(size)}><rect x="3" y="8" width="18" height="5" rx="1" /><path d="M5 13v8h14v-8M12 8v13M12 8c-2-4-6-4-6-1.5S9 8 12 8zm0 0c2-4 6-4 6-1.5S15 8 12 8z" /></svg>
);
export const RefreshIcon = ({ size = 16 }: IconProps) => (
  <svg {...base(size)}><path d="M20 12a8 8 0 1 1-2.3-5.6" /><path d="M20 4v5h-5" /></svg>
);
export const ChevronIcon = ({ size = 18 }: IconProps) => (
  <svg {...base(size)}><path d="M9 6l6 6-6 6" /></svg>
);
export const GlobeIcon = ({ size = 20 }: IconProps) => (
  <svg {...base(size)}><circle cx="12" cy="12" r="9" /><path d="M3 12h18M12 3c2.5 3 2.5 15 0 18M12 3c-2.5 3-2.5 15 0 18" /></svg>
);
export const EyeIcon = ({ size = 20, open }: IconProps & { open: boolean }) => (
  <svg {...base(size)}>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
    {!open && <path d="M4 4l16 16" />}
  </svg>
);
export const InfoIcon = ({ size = 20 }: IconProps) => (
  <svg {...base(size)}><circle cx="12" cy="12" r="9" /><path d="M12 11v6M12 7.5v.5" /></svg>
);
export const ShieldIcon = ({ size = 20 }: IconProps) => (
  <svg {...base(size)}><path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" /></svg>
);
export const DocIcon = ({ size = 20 }: IconProps) => (
  <svg {...base(size)}><path d="M6 3h9l4 4v14H6z" /><path d="M9 12h7M9 16h7" /></svg>
);
export const HelpIcon = ({ size = 20 }: IconProps) => (
  <svg {...base(size)}><circle cx="12" cy="12" r="9" /><path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7M12 17v.5" /></svg>
);
export const DownloadIcon = ({ size = 20 }: IconProps) => (
  <svg {...base(size)}><path d="M12 4v11M7 10l5 5 5-5M5 20h14" /></svg>
);
export const BellIcon = ({ size = 20 }: IconProps) => (
  <svg {...base(size)}><path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4z" /><path d="M10 21h4" /></svg>
);
