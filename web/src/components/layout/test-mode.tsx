import { Alert, Box, Flex, Switch, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { formatCents } from '../../libs/format';
import { useTestBalance } from '../../services/payments/get-test-balance';
import { useUiStore } from '../../stores/ui.store';

/**
 * What the banner says while test mode is on: what the lists show, that none of it is postage, and that buying here is
 * still live. The test balance follows it (decision 124: the session reads it at /api/v1/balance?mode=test).
 */
export const TEST_MODE_BANNER_TEXT =
  'Test mode — the lists show labels made with test keys (ld_test_…) on the sandbox — not postage, no real money. Buying here stays live.';

/** Why a buy button is unavailable in test mode: the web app buys with the session, which is always live. */
export const TEST_MODE_BUY_REASON = 'Test mode is on: labels bought here would be real. Switch test mode off to buy, or buy test labels with a test key.';

/** The id of the text saying why buying is unavailable: a disabled buy button points at it (aria-describedby). */
export const TEST_MODE_BUY_REASON_ID = 'test-mode-buy-reason';

/**
 * Whether buying is unavailable here because test mode is on, and what a buy button then carries: the web app buys
 * with the session, always live, so in test mode its buy buttons are disabled and say why.
 */
export const useBuyBlockedByTestMode = (): { blocked: boolean; describedBy: string | undefined } => {
  const blocked = useUiStore((state) => state.testMode);
  return { blocked, describedBy: blocked ? TEST_MODE_BUY_REASON_ID : undefined };
};

/** Beside a page's disabled buy buttons while test mode is on: why they are disabled and what to do. */
export const TestModeBuyReason = (): ReactElement | null => {
  const { blocked } = useBuyBlockedByTestMode();
  if (!blocked) return null;
  return (
    <Alert.Root status="warning" variant="subtle" size="sm" data-testid="test-mode-buy-reason">
      <Alert.Indicator />
      <Alert.Description id={TEST_MODE_BUY_REASON_ID}>{TEST_MODE_BUY_REASON}</Alert.Description>
    </Alert.Root>
  );
};

/** Stripe's "Test mode" toggle: the lists show the labels of test keys while it is on (decision 110). */
export const TestModeSwitch = (): ReactElement => {
  const on = useUiStore((state) => state.testMode);
  const setTestMode = useUiStore((state) => state.setTestMode);
  return (
    <Switch.Root size="sm" colorPalette="orange" checked={on} onCheckedChange={(details) => setTestMode(details.checked)} data-testid="test-mode-switch">
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label textStyle="sm" whiteSpace="nowrap" color={on ? 'orange.fg' : 'fg.muted'}>
        {/* "Test" alone on a phone, so the page's title keeps its room in the top bar. */}
        Test
        <Box as="span" display={{ base: 'none', md: 'inline' }}>
          {' mode'}
        </Box>
      </Switch.Label>
    </Switch.Root>
  );
};

/** Across the top while test mode is on, so nobody takes a test label for a real one. */
export const TestModeBanner = (): ReactElement | null => {
  const on = useUiStore((state) => state.testMode);
  const testBalance = useTestBalance();
  if (!on) return null;
  return (
    <Flex
      role="region"
      aria-label="Test mode"
      data-testid="test-mode-banner"
      align="center"
      justify="center"
      px="4"
      py="1.5"
      bg="orange.subtle"
      color="orange.fg"
      borderBottomWidth="1px"
      borderColor="orange.muted"
      textStyle="sm"
      textAlign="center"
    >
      <Text>
        {TEST_MODE_BANNER_TEXT}{' '}
        <Text as="span" fontWeight="semibold" whiteSpace="nowrap" fontVariantNumeric="tabular-nums" data-testid="test-mode-balance">
          Test balance {testBalance.data === undefined ? '…' : formatCents(testBalance.data)}
        </Text>
      </Text>
    </Flex>
  );
};
