// The app's one small icon set: inline SVG on a 24x24 grid, drawn with
// currentColor so buttons set the colour. Decorative by default (aria-hidden);
// pass `title` when an icon stands alone without a labelled parent.

import type { ReactNode, SVGProps } from 'react';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  size?: number;
  title?: string;
}

function icon(name: string, paths: ReactNode, filled = false) {
  function Icon({ size = 24, title, ...rest }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill={filled ? 'currentColor' : 'none'}
        stroke={filled ? 'none' : 'currentColor'}
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
        role={title ? 'img' : undefined}
        aria-hidden={title ? undefined : true}
        aria-label={title}
        {...rest}
      >
        {paths}
      </svg>
    );
  }
  Icon.displayName = name;
  return Icon;
}

export const PlayIcon = icon('PlayIcon', <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5z" />, true);

const speaker = <path d="M11 5 6 9H3v6h3l5 4V5z" />;

export const MutedIcon = icon(
  'MutedIcon',
  <>
    {speaker}
    <path d="m22 9-6 6M16 9l6 6" />
  </>,
);

export const UnmutedIcon = icon(
  'UnmutedIcon',
  <>
    {speaker}
    <path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" />
  </>,
);

export const FullscreenIcon = icon('FullscreenIcon', <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />);

export const PipIcon = icon(
  'PipIcon',
  <>
    <rect x="2.5" y="4.5" width="19" height="15" rx="2" />
    <rect x="12" y="12" width="7" height="5" rx="1" fill="currentColor" />
  </>,
);

/** 'Watch the full video'. */
export const ExpandIcon = icon(
  'ExpandIcon',
  <>
    <rect x="2.5" y="5" width="19" height="14" rx="2" />
    <path d="m10 9.5 4.5 2.5-4.5 2.5z" fill="currentColor" />
  </>,
);

export const CloseIcon = icon('CloseIcon', <path d="M6 6l12 12M18 6 6 18" />);

export const ResetZoomIcon = icon(
  'ResetZoomIcon',
  <>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20.5 20.5-4.9-4.9M8 11h6" />
  </>,
);

export const ChevronUpIcon = icon('ChevronUpIcon', <path d="m6 15 6-6 6 6" />);

export const ChevronDownIcon = icon('ChevronDownIcon', <path d="m6 9 6 6 6-6" />);

/** Gift / points. */
export const GiftIcon = icon(
  'GiftIcon',
  <>
    <rect x="3.5" y="8.5" width="17" height="4" rx="1" />
    <path d="M5 12.5v7a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-7M12 8.5v12M12 8.5S10.5 3.5 8 4.2C6 4.8 7 8.5 12 8.5zM12 8.5s1.5-5 4-4.3c2 .6 1 4.3-4 4.3z" />
  </>,
);

/** Live (a broadcast): the top navigation's live button. */
export const LiveIcon = icon(
  'LiveIcon',
  <>
    <circle cx="12" cy="12" r="2" />
    <path d="M8.5 8.5a5 5 0 0 0 0 7M15.5 8.5a5 5 0 0 1 0 7M5.6 5.6a9 9 0 0 0 0 12.8M18.4 5.6a9 9 0 0 1 0 12.8" />
  </>,
);

export const LinkIcon = icon('LinkIcon', <path d="M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1 1M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1-1" />);

export const ChevronLeftIcon = icon('ChevronLeftIcon', <path d="m15 6-6 6 6 6" />);

export const ChevronRightIcon = icon('ChevronRightIcon', <path d="m9 6 6 6-6 6" />);

export const SearchIcon = icon(
  'SearchIcon',
  <>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m16 16 4.5 4.5" />
  </>,
);
