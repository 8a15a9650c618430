import { Alert, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactElement } from 'react';
import { errorMessage } from '../../libs/http-client';
import type { TrackingTarget } from '../../services/orders/label-tracking';
import { trackingPageUrl, useIssueTrackingLink, useRevokeTrackingLink } from '../../services/orders/tracking-links';
import { copyText, useCopy } from '../ui/copy-button';
import { CheckIcon, CopyIcon } from '../ui/icons';
import { notify } from '../ui/toaster';

const ShownLink = ({ url, onTurnOff, turningOff }: { url: string; onTurnOff: () => void; turningOff: boolean }): ReactElement => {
  const { copied, copy } = useCopy(url);
  return (
    <Stack gap="2">
      <Input readOnly value={url} aria-label="Tracking link for your buyer" size="sm" fontFamily="mono" onFocus={(event) => event.currentTarget.select()} data-testid="tracking-link-url" />
      <HStack gap="2" wrap="wrap">
        <Button size="sm" variant="outline" colorPalette={copied ? 'green' : 'gray'} onClick={() => void copy()}>
          {copied ? <CheckIcon /> : <CopyIcon />}
          {copied ? 'Copied!' : 'Copy link'}
        </Button>
        <Button size="sm" variant="ghost" colorPalette="red" loading={turningOff} loadingText="Turning off" onClick={onTurnOff}>
          Turn link off
        </Button>
      </HStack>
    </Stack>
  );
};

/**
 * The seller's link for the buyer of this label (decision 089): made and copied at one click, shown to copy again,
 * and turned off when the seller no longer wants it to open.
 */
export const TrackingLinkShare = ({ target }: { target: TrackingTarget }): ReactElement => {
  const issue = useIssueTrackingLink();
  const revoke = useRevokeTrackingLink();
  const [url, setUrl] = useState<string | null>(null);

  const share = () =>
    issue.mutate(target, {
      onSuccess: async ({ token }) => {
        const link = trackingPageUrl(token);
        setUrl(link);
        revoke.reset();
        // The link is shown either way: a browser that refuses the clipboard leaves it to be copied by hand.
        if (await copyText(link)) notify.success('Tracking link copied', { description: 'Paste it in your message to the buyer.' });
      },
    });
  const turnOff = () =>
    revoke.mutate(target, {
      onSuccess: () => {
        setUrl(null);
        notify.info('Tracking link turned off', { description: 'Its page no longer opens. A new link can be made at any time.' });
      },
    });

  return (
    <Stack gap="2" borderWidth="1px" rounded="md" p="3" data-testid="tracking-link-share">
      <Text fontWeight="semibold">Tracking page for your buyer</Text>
      <Text textStyle="sm" color="fg.muted">
        Anyone with the link sees your name, the courier and the scans, never the address or the price.
      </Text>
      {url ? (
        <ShownLink url={url} onTurnOff={turnOff} turningOff={revoke.isPending} />
      ) : (
        <Button size="sm" alignSelf="flex-start" loading={issue.isPending} loadingText="Making the link" onClick={share}>
          <CopyIcon />
          Copy tracking link for your buyer
        </Button>
      )}
      {(issue.isError || revoke.isError) && (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Description>{errorMessage(issue.error ?? revoke.error, 'The tracking link could not be changed. Try again in a moment.')}</Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
};
