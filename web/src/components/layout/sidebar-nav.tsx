import { Flex, Stack, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { NavLink } from 'react-router-dom';
import type { NavItem } from './nav-config';

interface SidebarNavProps {
  items: readonly NavItem[];
  collapsed: boolean;
  label: string;
  onNavigate?: () => void;
}

export const SidebarLink = ({
  item,
  collapsed,
  onNavigate,
}: {
  item: NavItem;
  collapsed: boolean;
  onNavigate?: (() => void) | undefined;
}): ReactElement => {
  const Icon = item.icon;
  return (
    <Flex
      asChild
      align="center"
      gap="2.5"
      h="9"
      px={collapsed ? '0' : '2.5'}
      justify={collapsed ? 'center' : 'flex-start'}
      rounded="md"
      color="fg.muted"
      textStyle="sm"
      fontWeight="medium"
      _hover={{ bg: 'bg.muted', color: 'fg' }}
      _currentPage={{ bg: 'brand.subtle', color: 'brand.fg' }}
      focusRingColor="brand.focusRing"
    >
      <NavLink
        to={item.to}
        end
        onClick={onNavigate}
        aria-label={collapsed ? item.label : undefined}
        title={collapsed ? item.label : undefined}
      >
        <Icon boxSize="4.5" flexShrink={0} />
        {!collapsed && (
          <Text as="span" truncate>
            {item.label}
          </Text>
        )}
      </NavLink>
    </Flex>
  );
};

export const SidebarNav = ({ items, collapsed, label, onNavigate }: SidebarNavProps): ReactElement => (
  <Stack as="nav" aria-label={label} gap="1" px={collapsed ? '1.5' : '2'}>
    {items.map((item) => (
      <SidebarLink key={item.to} item={item} collapsed={collapsed} onNavigate={onNavigate} />
    ))}
  </Stack>
);
