import { createIcon } from '@chakra-ui/react';
import type { ReactElement } from 'react';

// No icon library is installed: the few icons the app needs are drawn here (24x24 grid, 2px strokes).
const strokeIcon = (displayName: string, path: ReactElement | ReactElement[]) =>
  createIcon({
    displayName,
    viewBox: '0 0 24 24',
    path,
    defaultProps: { boxSize: '1em', fill: 'none', stroke: 'currentColor', strokeWidth: '2', strokeLinecap: 'round', strokeLinejoin: 'round' },
  });

export const MenuIcon = strokeIcon('MenuIcon', [<path key="a" d="M4 6h16" />, <path key="b" d="M4 12h16" />, <path key="c" d="M4 18h16" />]);
export const ChevronLeftIcon = strokeIcon('ChevronLeftIcon', <path d="m15 18-6-6 6-6" />);
export const ChevronRightIcon = strokeIcon('ChevronRightIcon', <path d="m9 18 6-6-6-6" />);
export const ArrowLeftIcon = strokeIcon('ArrowLeftIcon', [<path key="a" d="M19 12H5" />, <path key="b" d="m12 19-7-7 7-7" />]);
export const ArrowRightIcon = strokeIcon('ArrowRightIcon', [<path key="a" d="M5 12h14" />, <path key="b" d="m12 5 7 7-7 7" />]);
export const DashboardIcon = strokeIcon('DashboardIcon', [
  <rect key="a" x="3" y="3" width="7" height="9" rx="1" />,
  <rect key="b" x="14" y="3" width="7" height="5" rx="1" />,
  <rect key="c" x="14" y="12" width="7" height="9" rx="1" />,
  <rect key="d" x="3" y="16" width="7" height="5" rx="1" />,
]);
export const ShieldIcon = strokeIcon('ShieldIcon', <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />);
export const UserIcon = strokeIcon('UserIcon', [<circle key="a" cx="12" cy="8" r="4" />, <path key="b" d="M4 21a8 8 0 0 1 16 0" />]);
export const UsersIcon = strokeIcon('UsersIcon', [
  <circle key="a" cx="9" cy="8" r="4" />,
  <path key="b" d="M1 21a8 8 0 0 1 16 0" />,
  <path key="c" d="M17 4a4 4 0 0 1 0 8" />,
  <path key="d" d="M23 21a8 8 0 0 0-5-7.4" />,
]);
export const LogoutIcon = strokeIcon('LogoutIcon', [
  <path key="a" d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />,
  <path key="b" d="m16 17 5-5-5-5" />,
  <path key="c" d="M21 12H9" />,
]);
export const SunIcon = strokeIcon('SunIcon', [
  <circle key="a" cx="12" cy="12" r="4" />,
  <path key="b" d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />,
]);
export const MoonIcon = strokeIcon('MoonIcon', <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />);
export const RefreshIcon = strokeIcon('RefreshIcon', [
  <path key="a" d="M21 12a9 9 0 0 1-15.5 6.2L3 16" />,
  <path key="b" d="M3 12a9 9 0 0 1 15.5-6.2L21 8" />,
  <path key="c" d="M21 3v5h-5" />,
  <path key="d" d="M3 21v-5h5" />,
]);
export const PackageIcon = strokeIcon('PackageIcon', [
  <path key="a" d="M21 8 12 3 3 8v8l9 5 9-5z" />,
  <path key="b" d="m3 8 9 5 9-5" />,
  <path key="c" d="M12 13v8" />,
  <path key="d" d="m7.5 5.5 9 5" />,
]);
export const WalletIcon = strokeIcon('WalletIcon', [
  <path key="a" d="M20 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h13a2 2 0 0 0 2-2v-2" />,
  <path key="b" d="M22 11h-5a2 2 0 0 0 0 4h5z" />,
]);
export const UploadIcon = strokeIcon('UploadIcon', [
  <path key="a" d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />,
  <path key="b" d="m17 8-5-5-5 5" />,
  <path key="c" d="M12 3v12" />,
]);
export const PrinterIcon = strokeIcon('PrinterIcon', [
  <path key="a" d="M6 9V2h12v7" />,
  <path key="b" d="M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2" />,
  <rect key="c" x="6" y="14" width="12" height="8" />,
]);
export const ClockIcon = strokeIcon('ClockIcon', [<circle key="a" cx="12" cy="12" r="9" />, <path key="b" d="M12 7v5l3 2" />]);
export const BadgeCheckIcon = strokeIcon('BadgeCheckIcon', [
  <path key="a" d="M12 2 14.4 4.2 17.6 3.9 18.3 7.1 21.1 8.7 19.8 11.7 21.1 14.7 18.3 16.3 17.6 19.5 14.4 19.2 12 21.4 9.6 19.2 6.4 19.5 5.7 16.3 2.9 14.7 4.2 11.7 2.9 8.7 5.7 7.1 6.4 3.9 9.6 4.2z" />,
  <path key="b" d="m8.5 12 2.5 2.5 4.5-5" />,
]);
export const UndoIcon = strokeIcon('UndoIcon', [<path key="a" d="M9 14 4 9l5-5" />, <path key="b" d="M4 9h11a5 5 0 0 1 0 10h-3" />]);
export const GlobeIcon = strokeIcon('GlobeIcon', [
  <circle key="a" cx="12" cy="12" r="9" />,
  <path key="b" d="M3 12h18" />,
  <path key="c" d="M12 3a14 14 0 0 1 0 18a14 14 0 0 1 0-18" />,
]);
export const TagIcon = strokeIcon('TagIcon', [
  <path key="a" d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8z" />,
  <circle key="b" cx="7.5" cy="7.5" r="1.5" />,
]);
export const ScaleIcon = strokeIcon('ScaleIcon', [
  <path key="a" d="M12 3v18" />,
  <path key="b" d="M5 7h14" />,
  <path key="c" d="m5 7-3 7a4 4 0 0 0 6 0z" />,
  <path key="d" d="m19 7-3 7a4 4 0 0 0 6 0z" />,
  <path key="e" d="M8 21h8" />,
]);
export const BoltIcon = strokeIcon('BoltIcon', <path d="M13 2 4 14h7l-1 8 9-12h-7z" />);
export const BitcoinIcon = strokeIcon('BitcoinIcon', [
  <path key="a" d="M9 6h5a3 3 0 0 1 0 6H9z" />,
  <path key="b" d="M9 12h6a3 3 0 0 1 0 6H9z" />,
  <path key="c" d="M7 6h2M7 18h2M10 3v3M14 3v3M10 18v3M14 18v3" />,
]);
export const ChatIcon = strokeIcon('ChatIcon', <path d="M21 12a8 8 0 0 1-11.8 7L3 21l2-6A8 8 0 1 1 21 12z" />);
export const InboxIcon = strokeIcon('InboxIcon', [
  <path key="a" d="M22 12h-6l-2 3h-4l-2-3H2" />,
  <path key="b" d="M5.5 5h13L22 12v6a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2v-6z" />,
]);
export const AlertIcon = strokeIcon('AlertIcon', [
  <circle key="a" cx="12" cy="12" r="9" />,
  <path key="b" d="M12 8v4" />,
  <path key="c" d="M12 16h.01" />,
]);

/** A five-point star, filled or outlined; `half` paints its left half only (for ratings like 4.5). */
export const StarIcon = ({ fill, size = 16 }: { fill: 'full' | 'half' | 'empty'; size?: number }): ReactElement => {
  const points = '12 2 15.1 8.3 22 9.3 17 14.1 18.2 21 12 17.8 5.8 21 7 14.1 2 9.3 8.9 8.3';
  const clipId = `star-half-${size}`;
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {fill === 'half' && (
        <defs>
          <clipPath id={clipId}>
            <rect x="0" y="0" width="12" height="24" />
          </clipPath>
        </defs>
      )}
      <polygon points={points} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
      {fill !== 'empty' && (
        <polygon points={points} fill="currentColor" clipPath={fill === 'half' ? `url(#${clipId})` : undefined} />
      )}
    </svg>
  );
};
export const CopyIcon = strokeIcon('CopyIcon', [
  <rect key="a" x="9" y="9" width="12" height="12" rx="2" />,
  <path key="b" d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />,
]);
export const CheckIcon = strokeIcon('CheckIcon', <path d="M20 6 9 17l-5-5" />);
export const CloseIcon = strokeIcon('CloseIcon', [<path key="a" d="M18 6 6 18" />, <path key="b" d="m6 6 12 12" />]);
export const DownloadIcon = strokeIcon('DownloadIcon', [
  <path key="a" d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />,
  <path key="b" d="m7 10 5 5 5-5" />,
  <path key="c" d="M12 15V3" />,
]);
export const EditIcon = strokeIcon('EditIcon', [<path key="a" d="M12 20h9" />, <path key="b" d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />]);
export const TrashIcon = strokeIcon('TrashIcon', [
  <path key="a" d="M3 6h18" />,
  <path key="b" d="M8 6V4a1 1 0 0 1 1-1h6a1 1 0 0 1 1 1v2" />,
  <path key="c" d="M19 6l-1 14a2 2 0 0 1-2 1H8a2 2 0 0 1-2-1L5 6" />,
  <path key="d" d="M10 11v6M14 11v6" />,
]);
export const PlusIcon = strokeIcon('PlusIcon', [<path key="a" d="M12 5v14" />, <path key="b" d="M5 12h14" />]);
export const MapPinIcon = strokeIcon('MapPinIcon', [
  <path key="a" d="M12 22s7-6.2 7-12a7 7 0 0 0-14 0c0 5.8 7 12 7 12z" />,
  <circle key="b" cx="12" cy="10" r="2.5" />,
]);
export const ListIcon = strokeIcon('ListIcon', [
  <path key="a" d="M9 6h12M9 12h12M9 18h12" />,
  <path key="b" d="M4 6h.01M4 12h.01M4 18h.01" />,
]);
export const BoxesIcon = strokeIcon('BoxesIcon', [
  <rect key="a" x="3" y="12" width="8" height="8" rx="1" />,
  <rect key="b" x="13" y="12" width="8" height="8" rx="1" />,
  <rect key="c" x="8" y="3" width="8" height="8" rx="1" />,
]);
export const FileIcon = strokeIcon('FileIcon', [
  <path key="a" d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z" />,
  <path key="b" d="M14 3v6h6" />,
]);
export const SearchIcon = strokeIcon('SearchIcon', [<circle key="a" cx="11" cy="11" r="7" />, <path key="b" d="m20 20-3.5-3.5" />]);
export const LoginIcon = strokeIcon('LoginIcon', [
  <path key="a" d="M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4" />,
  <path key="b" d="m10 17 5-5-5-5" />,
  <path key="c" d="M15 12H3" />,
]);
/** A sheet of rows: the Bulk Order page (one file, many labels). */
export const SheetIcon = strokeIcon('SheetIcon', [
  <rect key="a" x="3" y="3" width="18" height="18" rx="2" />,
  <path key="b" d="M3 9h18M3 15h18M9 3v18" />,
]);
/** Stacked layers: the Batch Orders list (batches already submitted). */
export const LayersIcon = strokeIcon('LayersIcon', [
  <path key="a" d="m12 3 9 5-9 5-9-5z" />,
  <path key="b" d="m3 13 9 5 9-5" />,
]);
export const MaximizeIcon = strokeIcon('MaximizeIcon', [
  <path key="a" d="M15 3h6v6" />,
  <path key="b" d="M9 21H3v-6" />,
  <path key="c" d="m21 3-7 7" />,
  <path key="d" d="m3 21 7-7" />,
]);
export const MinimizeIcon = strokeIcon('MinimizeIcon', [
  <path key="a" d="M4 14h6v6" />,
  <path key="b" d="M20 10h-6V4" />,
  <path key="c" d="m14 10 7-7" />,
  <path key="d" d="m3 21 7-7" />,
]);
export const GiftIcon = strokeIcon('GiftIcon', [
  <rect key="a" x="3" y="8" width="18" height="4" rx="1" />,
  <path key="b" d="M12 8v13" />,
  <path key="c" d="M19 12v7a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-7" />,
  <path key="d" d="M7.5 8a2.5 2.5 0 0 1 0-5C11 3 12 8 12 8s1-5 4.5-5a2.5 2.5 0 0 1 0 5" />,
]);
export const SlidersIcon = strokeIcon('SlidersIcon', [
  <path key="a" d="M4 21v-7" />,
  <path key="b" d="M4 10V3" />,
  <path key="c" d="M12 21v-9" />,
  <path key="d" d="M12 8V3" />,
  <path key="e" d="M20 21v-5" />,
  <path key="f" d="M20 12V3" />,
  <path key="g" d="M1 14h6" />,
  <path key="h" d="M9 8h6" />,
  <path key="i" d="M17 16h6" />,
]);
export const TruckIcon = strokeIcon('TruckIcon', [
  <path key="a" d="M1 4h13v12H1z" />,
  <path key="b" d="M14 9h4l3 3v4h-7" />,
  <circle key="c" cx="5.5" cy="18.5" r="2" />,
  <circle key="d" cx="17.5" cy="18.5" r="2" />,
]);
export const HistoryIcon = strokeIcon('HistoryIcon', [
  <path key="a" d="M3 12a9 9 0 1 0 3-6.7L3 8" />,
  <path key="b" d="M3 3v5h5" />,
  <path key="c" d="M12 7v5l4 2" />,
]);
export const LinkIcon = strokeIcon('LinkIcon', [
  <path key="a" d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />,
  <path key="b" d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />,
]);
export const KeyIcon = strokeIcon('KeyIcon', [<circle key="a" cx="7.5" cy="15.5" r="4.5" />, <path key="b" d="m10.7 12.3 9.3-9.3" />, <path key="c" d="m16 7 3 3" />, <path key="d" d="m18.5 4.5 2 2" />]);
