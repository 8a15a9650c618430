import { createIcon } from '@chakra-ui/react';
import type { ReactElement } from 'react';

// Drawn like the app's other icons (24x24 grid, 2px strokes); only the progress widget uses these.
const strokeIcon = (displayName: string, path: ReactElement | ReactElement[]) =>
  createIcon({
    displayName,
    viewBox: '0 0 24 24',
    path,
    defaultProps: { boxSize: '1em', fill: 'none', stroke: 'currentColor', strokeWidth: '2', strokeLinecap: 'round', strokeLinejoin: 'round' },
  });

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
