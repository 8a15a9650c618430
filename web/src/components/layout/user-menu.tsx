import { Avatar, Box, Button, Flex, Menu, Portal, Text, VisuallyHidden } from '@chakra-ui/react';
import { useEffect } from 'react';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatCents } from '../../libs/format';
import { loadLoginPage } from '../../pages/login/load-login-page';
import { useBalance } from '../../services/auth/get-balance';
import { LOGOUT_STATE } from '../../services/auth/logout';
import { useTestBalance } from '../../services/payments/get-test-balance';
import { useAuthStore } from '../../stores/auth.store';
import { useUiStore } from '../../stores/ui.store';
import { LogoutIcon, UserIcon } from '../ui/icons';

export const UserMenu = (): ReactElement | null => {
  const user = useAuthStore((state) => state.user);
  const balance = useBalance();
  const testBalance = useTestBalance();
  const testMode = useUiStore((state) => state.testMode);
  // Logout is a trip to the login page; its code is fetched now so that trip never waits on the network.
  useEffect(() => {
    loadLoginPage().catch(() => undefined);
  }, []);
  if (!user) return null;

  const balanceCents = balance.data ?? user.balance;

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
            {/* Only while the Test mode switch is on (decision 124): the play money of the test keys, apart from the balance. */}
            {testMode && testBalance.data !== undefined && (
              <Flex px="2" pb="2" justify="space-between" textStyle="sm">
                <Text color="orange.fg">Test balance</Text>
                <Text fontWeight="semibold" fontVariantNumeric="tabular-nums" data-testid="user-menu-test-balance">
                  {formatCents(testBalance.data)}
                </Text>
              </Flex>
            )}
            <Menu.Separator />
            {/*
              Links, not onSelect handlers: the link's own click navigates whatever state the menu is in. Under load,
              a click the menu's state machine did not take left Logout dead with the menu open (CI, twice).
            */}
            <Menu.Item value="account" asChild>
              <RouterLink to="/main/account">
                <UserIcon />
                Account
              </RouterLink>
            </Menu.Item>
            <Menu.Item value="logout" asChild>
              <RouterLink to="/login" replace state={LOGOUT_STATE}>
                <LogoutIcon />
                Logout
              </RouterLink>
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
};
