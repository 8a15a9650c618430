import { Avatar, Box, Button, Flex, Menu, Portal, Text, VisuallyHidden } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatCents } from '../../libs/format';
import { useBalance } from '../../services/auth/get-balance';
import { LOGOUT_STATE } from '../../services/auth/logout';
import { useAuthStore } from '../../stores/auth.store';
import { LogoutIcon, UserIcon } from '../ui/icons';

export const UserMenu = (): ReactElement | null => {
  const user = useAuthStore((state) => state.user);
  const navigate = useNavigate();
  const balance = useBalance();
  if (!user) return null;

  const balanceCents = balance.data ?? user.balance;
  const logout = () => navigate('/login', { replace: true, state: LOGOUT_STATE });

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        {/* Named by its own text, not an aria-label: the visible name must be part of what a voice user says (WCAG 2.5.3). */}
        <Button variant="ghost" colorPalette="gray" size="sm" px="1.5">
          <VisuallyHidden>Open account menu</VisuallyHidden>
          <Avatar.Root size="xs" colorPalette="brand" aria-hidden="true">
            <Avatar.Fallback name={user.name} />
            {user.avatar && <Avatar.Image src={user.avatar} alt="" />}
          </Avatar.Root>
          <Text as="span" display={{ base: 'none', md: 'inline' }} maxW="40" truncate>
            {user.name}
          </Text>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="60">
            <Box px="2" py="1.5">
              <Text fontWeight="semibold" truncate data-testid="user-menu-name">
                {user.name}
              </Text>
              <Text textStyle="xs" color="fg.muted" truncate>
                {user.email}
              </Text>
            </Box>
            <Flex px="2" pb="2" justify="space-between" textStyle="sm">
              <Text color="fg.muted">Balance</Text>
              <Text fontWeight="semibold" fontVariantNumeric="tabular-nums" data-testid="user-menu-balance">
                {formatCents(balanceCents)}
              </Text>
            </Flex>
            <Menu.Separator />
            <Menu.Item value="account" onSelect={() => navigate('/main/account')}>
              <UserIcon />
              Account
            </Menu.Item>
            <Menu.Item value="logout" onSelect={logout}>
              <LogoutIcon />
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
};
