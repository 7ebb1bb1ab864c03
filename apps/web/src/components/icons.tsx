import type { ReactNode, SVGProps } from 'react';

/**
 * Inline SVG icons (no icon font: the desktop build runs offline and the first screen has a
 * size budget). 24×24 grid, `currentColor`, sized by `size`.
 */
type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function icon(paths: ReactNode, filled = false) {
  return function Icon({ size = 20, ...rest }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill={filled ? 'currentColor' : 'none'}
        stroke={filled ? 'none' : 'currentColor'}
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...rest}
      >
        {paths}
      </svg>
    );
  };
}

export const PlayIcon = icon(<path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5z" />, true);
export const PauseIcon = icon(
  <>
    <rect x="6.5" y="5" width="3.6" height="14" rx="1.2" />
    <rect x="13.9" y="5" width="3.6" height="14" rx="1.2" />
  </>,
  true,
);
export const PrevIcon = icon(
  <>
    <path d="M18 6.2v11.6a1 1 0 0 1-1.55.83L8 12.83a1 1 0 0 1 0-1.66l8.45-5.8A1 1 0 0 1 18 6.2z" />
    <rect x="5" y="5.5" width="2.4" height="13" rx="1.1" />
  </>,
  true,
);
export const NextIcon = icon(
  <>
    <path d="M6 6.2v11.6a1 1 0 0 0 1.55.83L16 12.83a1 1 0 0 0 0-1.66L7.55 5.37A1 1 0 0 0 6 6.2z" />
    <rect x="16.6" y="5.5" width="2.4" height="13" rx="1.1" />
  </>,
  true,
);
export const RepeatIcon = icon(
  <>
    <path d="M17 2.5 20.5 6 17 9.5" />
    <path d="M3.5 11.5V10a4 4 0 0 1 4-4h13" />
    <path d="M7 21.5 3.5 18 7 14.5" />
    <path d="M20.5 12.5V14a4 4 0 0 1-4 4h-13" />
  </>,
);
export const ShuffleIcon = icon(
  <>
    <path d="M16.5 3.5h4v4" />
    <path d="M3.5 20 20.5 3.5" />
    <path d="M20.5 16.5v4h-4" />
    <path d="M14.5 14.5l6 6" />
    <path d="M3.5 4l5 5" />
  </>,
);
export const VolumeIcon = icon(
  <>
    <path d="M4 9.5v5h3.5L12 19V5L7.5 9.5z" fill="currentColor" />
    <path d="M15.5 8.5a5 5 0 0 1 0 7" />
    <path d="M18.5 5.5a9 9 0 0 1 0 13" />
  </>,
);
export const MuteIcon = icon(
  <>
    <path d="M4 9.5v5h3.5L12 19V5L7.5 9.5z" fill="currentColor" />
    <path d="M16 9.5l5 5M21 9.5l-5 5" />
  </>,
);
export const SpeakerIcon = icon(
  <>
    <path d="M4 9.5v5h3.5L12 19V5L7.5 9.5z" fill="currentColor" />
    <path d="M15.5 9a4 4 0 0 1 0 6" />
  </>,
);
export const ChevronLeftIcon = icon(<path d="M15 5l-7 7 7 7" />);
export const ChevronRightIcon = icon(<path d="M9 5l7 7-7 7" />);
export const ChevronDownIcon = icon(<path d="M6 9l6 6 6-6" />);
export const SearchIcon = icon(
  <>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M20 20l-4.2-4.2" />
  </>,
);
export const CloseIcon = icon(<path d="M6 6l12 12M18 6 6 18" />);
export const MoreIcon = icon(
  <>
    <circle cx="5" cy="12" r="1.6" fill="currentColor" />
    <circle cx="12" cy="12" r="1.6" fill="currentColor" />
    <circle cx="19" cy="12" r="1.6" fill="currentColor" />
  </>,
);
export const MusicIcon = icon(
  <>
    <path d="M9 18V5.5l11-2V16" />
    <circle cx="6.5" cy="18" r="2.5" />
    <circle cx="17.5" cy="16" r="2.5" />
  </>,
);
export const VideoIcon = icon(
  <>
    <rect x="3" y="5.5" width="13" height="13" rx="2.5" />
    <path d="M16 10l5-3v10l-5-3" />
  </>,
);
export const FriendsIcon = icon(
  <>
    <circle cx="9" cy="8.5" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
    <path d="M16 5.2a3.5 3.5 0 0 1 0 6.6M18 14.2a6.5 6.5 0 0 1 3.5 5.8" />
  </>,
);
export const DownloadIcon = icon(
  <>
    <path d="M12 3.5v12M7 11l5 5 5-5" />
    <path d="M4 20.5h16" />
  </>,
);
export const FolderIcon = icon(<path d="M3 7a2 2 0 0 1 2-2h4l2 2.5h8a2 2 0 0 1 2 2V17a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />);
export const CloudIcon = icon(<path d="M7 18.5a4.5 4.5 0 0 1-.5-8.97A6 6 0 0 1 18 8.5a4 4 0 0 1 0 10z" />);
export const ListIcon = icon(
  <>
    <path d="M4 6h11M4 12h11M4 18h7" />
    <path d="M17 14.5v5.5M17 14.5l3.5-1.5" />
    <circle cx="15.5" cy="20" r="1.5" />
  </>,
);
export const HeartIcon = icon(<path d="M12 20s-7.5-4.4-7.5-10.1A4.4 4.4 0 0 1 12 7.3a4.4 4.4 0 0 1 7.5 2.6C19.5 15.6 12 20 12 20z" />);
export const FolderPlusIcon = icon(
  <>
    <path d="M3 7a2 2 0 0 1 2-2h4l2 2.5h8a2 2 0 0 1 2 2V17a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
    <path d="M12 10.5v5M9.5 13h5" />
  </>,
);
export const QueueIcon = icon(
  <>
    <path d="M4 6h16M4 12h10M4 18h10" />
    <path d="M17 14.5l4 2.5-4 2.5z" fill="currentColor" />
  </>,
);
export const UserIcon = icon(
  <>
    <circle cx="12" cy="8.5" r="4" />
    <path d="M4 20.5a8 8 0 0 1 16 0" />
  </>,
);
export const TrashIcon = icon(
  <>
    <path d="M4 7h16M10 11v6M14 11v6" />
    <path d="M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4.5h6V7" />
  </>,
);
export const LogoIcon = icon(
  <>
    <circle cx="12" cy="12" r="11" fill="currentColor" />
    <path d="M10 7v7.8a2.6 2.6 0 1 0 1.6 2.4V10h4.2V7z" fill="#fff" />
  </>,
  true,
);
export const RepeatOneIcon = icon(
  <>
    <path d="M17 2.5 20.5 6 17 9.5" />
    <path d="M3.5 11.5V10a4 4 0 0 1 4-4h13" />
    <path d="M7 21.5 3.5 18 7 14.5" />
    <path d="M20.5 12.5V14a4 4 0 0 1-4 4h-13" />
    <path d="M11 11l1.5-1v5" />
  </>,
);
export const SettingsIcon = icon(
  <>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
  </>,
);
export const LyricIcon = icon(
  <>
    <path d="M4 6h10M4 10.5h10M4 15h6" />
    <path d="M17 17.5V6.5l4-1.5" />
    <circle cx="15.2" cy="17.6" r="2" />
  </>,
);
