import { Box, CloseButton, Drawer, Flex, IconButton, Link, Portal, Text, useBreakpointValue } from '@chakra-ui/react';
import { useState } from 'react';
import type { ReactElement } from 'react';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { useUiStore } from '../../stores/ui.store';
import { ColorModeToggle } from '../ui/color-mode-toggle';
import { ChevronLeftIcon, ChevronRightIcon, MenuIcon } from '../ui/icons';
import { LogoMark } from '../ui/logo';
import type { NavItem } from './nav-config';
import { SidebarLink, SidebarNav } from './sidebar-nav';
import { UserMenu } from './user-menu';

/** Spec: the sidebar is 200 px open and 50 px collapsed; below 1024 px (Chakra's `lg`) it becomes an overlay. */
const SIDEBAR_OPEN = '200px';
const SIDEBAR_COLLAPSED = '50px';

interface AppShellProps {
  /** Shown in the top bar: the route's title, or the area's name. */
  title: string;
  sidebarTitle: string;
  navLabel: string;
  items: readonly NavItem[];
  homeTo: string;
  /** A link pinned at the bottom of the sidebar (the admin area's way back). */
  footerItem?: NavItem;
}

const SidebarHeader = ({ title, homeTo, collapsed }: { title: string; homeTo: string; collapsed: boolean }): ReactElement => (
  <Flex h="14" minW="0" align="center" px={collapsed ? '0' : '3'} justify={collapsed ? 'center' : 'flex-start'} flexShrink={0}>
    <Link asChild minW="0" gap="2.5" fontWeight="semibold" color="fg" _hover={{ textDecoration: 'none' }} aria-label={`${title}: home`}>
      <RouterLink to={homeTo}>
        <LogoMark size={7} />
        {!collapsed && (
          <Text as="span" truncate minW="0">
            {title}
          </Text>
        )}
      </RouterLink>
    </Link>
  </Flex>
);

export const AppShell = ({ title, sidebarTitle, navLabel, items, homeTo, footerItem }: AppShellProps): ReactElement => {
  const collapsed = useUiStore((state) => state.sidebarCollapsed);
  const toggleSidebar = useUiStore((state) => state.toggleSidebar);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const isDesktop = useBreakpointValue({ base: false, lg: true }, { ssr: false }) ?? false;
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <Flex minH="100dvh">
      <Link
        href="#main-content"
        position="absolute"
        left="2"
        top="-20"
        zIndex="skipLink"
        bg="bg"
        px="3"
        py="2"
        rounded="md"
        _focusVisible={{ top: '2' }}
      >
        Skip to content
      </Link>

      <Flex
        as="aside"
        aria-label="Sidebar"
        display={{ base: 'none', lg: 'flex' }}
        direction="column"
        position="sticky"
        top="0"
        h="100dvh"
        w={collapsed ? SIDEBAR_COLLAPSED : SIDEBAR_OPEN}
        flexShrink={0}
        transition="width 0.2s ease"
        borderEndWidth="1px"
        bg="bg.subtle"
        overflow="hidden"
      >
        <SidebarHeader title={sidebarTitle} homeTo={homeTo} collapsed={collapsed} />
        <Box flex="1" overflowY="auto" py="2">
          <SidebarNav items={items} collapsed={collapsed} label={navLabel} />
        </Box>
        <Box borderTopWidth="1px" py="2" px={collapsed ? '1.5' : '2'}>
          {footerItem && <SidebarLink item={footerItem} collapsed={collapsed} />}
          <Flex justify={collapsed ? 'center' : 'flex-end'} mt={footerItem ? '1' : '0'}>
            <IconButton
              aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              aria-expanded={!collapsed}
              variant="ghost"
              colorPalette="gray"
              size="sm"
              onClick={toggleSidebar}
            >
              {collapsed ? <ChevronRightIcon /> : <ChevronLeftIcon />}
            </IconButton>
          </Flex>
        </Box>
      </Flex>

      <Drawer.Root open={drawerOpen && !isDesktop} onOpenChange={(details) => setDrawerOpen(details.open)} placement="start">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content maxW={SIDEBAR_OPEN} bg="bg.subtle">
              <Drawer.Header p="0" pe="10">
                <Drawer.Title asChild>
                  <Box minW="0" overflow="hidden">
                    <SidebarHeader title={sidebarTitle} homeTo={homeTo} collapsed={false} />
                  </Box>
                </Drawer.Title>
              </Drawer.Header>
              <Drawer.Body px="0" py="2">
                <SidebarNav items={items} collapsed={false} label={navLabel} onNavigate={closeDrawer} />
              </Drawer.Body>
              {footerItem && (
                <Drawer.Footer justifyContent="stretch" px="2" py="2" borderTopWidth="1px">
                  <Box w="full">
                    <SidebarLink item={footerItem} collapsed={false} onNavigate={closeDrawer} />
                  </Box>
                </Drawer.Footer>
              )}
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close menu" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>

      <Flex direction="column" flex="1" minW="0">
        <Flex
          as="header"
          h="14"
          px={{ base: '3', md: '6' }}
          align="center"
          gap="2"
          position="sticky"
          top="0"
          zIndex="sticky"
          bg="bg"
          borderBottomWidth="1px"
        >
          <IconButton
            aria-label="Open menu"
            variant="ghost"
            colorPalette="gray"
            size="sm"
            display={{ base: 'inline-flex', lg: 'none' }}
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon />
          </IconButton>
          <Text as="span" fontWeight="semibold" textStyle="md" truncate flex="1" data-testid="top-bar-title">
            {title}
          </Text>
          <ColorModeToggle />
          <UserMenu />
        </Flex>
        <Box as="main" id="main-content" tabIndex={-1} flex="1" px={{ base: '4', md: '6', xl: '8' }} py={{ base: '5', md: '8' }} outline="none">
          <Box maxW="6xl" mx="auto">
            <Outlet />
          </Box>
        </Box>
      </Flex>
    </Flex>
  );
};
