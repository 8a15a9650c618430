import { Box, CloseButton, Drawer, Flex, IconButton, Link, Portal, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useUiStore } from '../../stores/ui.store';
import { ChevronLeftIcon, ChevronRightIcon } from '../ui/icons';
import { LogoMark } from '../ui/logo';
import type { NavItem } from './nav-config';
import { SidebarLink, SidebarNav } from './sidebar-nav';

/** Spec: the sidebar is 200 px open and 50 px collapsed; below 1024 px (Chakra's `lg`) it becomes an overlay. */
const SIDEBAR_OPEN = '200px';
const SIDEBAR_COLLAPSED = '50px';

/** What both the sidebar and the phone's menu show. */
export interface SidebarContent {
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

/** The desktop's sidebar, open or collapsed (remembered), with the footer link and the collapse button. */
export const DesktopSidebar = ({ sidebarTitle, navLabel, items, homeTo, footerItem }: SidebarContent): ReactElement => {
  const collapsed = useUiStore((state) => state.sidebarCollapsed);
  const toggleSidebar = useUiStore((state) => state.toggleSidebar);
  return (
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
  );
};

interface NavDrawerProps extends SidebarContent {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Below `lg`, the sidebar as an overlay from the start edge; following a link closes it. */
export const NavDrawer = ({ open, onOpenChange, sidebarTitle, navLabel, items, homeTo, footerItem }: NavDrawerProps): ReactElement => {
  const close = () => onOpenChange(false);
  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="start">
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
              <SidebarNav items={items} collapsed={false} label={navLabel} onNavigate={close} />
            </Drawer.Body>
            {footerItem && (
              <Drawer.Footer justifyContent="stretch" px="2" py="2" borderTopWidth="1px">
                <Box w="full">
                  <SidebarLink item={footerItem} collapsed={false} onNavigate={close} />
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
  );
};
