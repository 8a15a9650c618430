import { Box, Flex, IconButton, Link, Text, useBreakpointValue } from '@chakra-ui/react';
import { useState } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { ColorModeToggle } from '../ui/color-mode-toggle';
import { MenuIcon } from '../ui/icons';
import { DesktopSidebar, NavDrawer } from './sidebar-panels';
import type { SidebarContent } from './sidebar-panels';
import { UserMenu } from './user-menu';

interface AppShellProps extends SidebarContent {
  /** Shown in the top bar: the route's title, or the area's name. */
  title: string;
  /** Shown in the top bar before the color mode (the customer area's test-mode switch). */
  topBarExtra?: ReactNode;
}

const SkipLink = (): ReactElement => (
  <Link href="#main-content" position="absolute" left="2" top="-20" zIndex="skipLink" bg="bg" px="3" py="2" rounded="md" _focusVisible={{ top: '2' }}>
    Skip to content
  </Link>
);

/** The sticky top bar: the menu button (below `lg`), the title, the area's extra control, the color mode and the user's menu. */
const TopBar = ({ title, extra, onOpenMenu }: { title: string; extra: ReactNode; onOpenMenu: () => void }): ReactElement => (
  <Flex as="header" h="14" px={{ base: '3', md: '6' }} align="center" gap="2" position="sticky" top="0" zIndex="sticky" bg="bg" borderBottomWidth="1px">
    <IconButton aria-label="Open menu" variant="ghost" colorPalette="gray" size="sm" display={{ base: 'inline-flex', lg: 'none' }} onClick={onOpenMenu}>
      <MenuIcon />
    </IconButton>
    <Text as="span" fontWeight="semibold" textStyle="md" truncate flex="1" data-testid="top-bar-title">
      {title}
    </Text>
    {extra}
    <ColorModeToggle />
    <UserMenu />
  </Flex>
);

export const AppShell = ({ title, topBarExtra, ...sidebar }: AppShellProps): ReactElement => {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const isDesktop = useBreakpointValue({ base: false, lg: true }, { ssr: false }) ?? false;

  return (
    <Flex minH="100dvh">
      <SkipLink />
      <DesktopSidebar {...sidebar} />
      <NavDrawer {...sidebar} open={drawerOpen && !isDesktop} onOpenChange={setDrawerOpen} />
      <Flex direction="column" flex="1" minW="0">
        <TopBar title={title} extra={topBarExtra} onOpenMenu={() => setDrawerOpen(true)} />
        <Box as="main" id="main-content" tabIndex={-1} flex="1" px={{ base: '4', md: '6', xl: '8' }} py={{ base: '5', md: '8' }} outline="none">
          <Box maxW="6xl" mx="auto">
            <Outlet />
          </Box>
        </Box>
      </Flex>
    </Flex>
  );
};
