import { IconButton } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { useUiStore } from '../../stores/ui.store';
import { MoonIcon, SunIcon } from './icons';

export const ColorModeToggle = (): ReactElement => {
  const colorMode = useUiStore((state) => state.colorMode);
  const toggle = useUiStore((state) => state.toggleColorMode);
  const label = colorMode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
  return (
    <IconButton aria-label={label} title={label} variant="ghost" colorPalette="gray" size="sm" onClick={toggle}>
      {colorMode === 'dark' ? <SunIcon /> : <MoonIcon />}
    </IconButton>
  );
};
