import { Alert, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { ReturnLabel } from '@labeldesk/contracts';
import { useState, type ReactElement } from 'react';
import { errorMessage } from '../../libs/http-client';
import { returnPageUrl, useIssueReturnLink, useRevokeReturnLink } from '../../services/returns/return-labels';
import { copyText, useCopy } from '../ui/copy-button';
import { CheckIcon, CopyIcon } from '../ui/icons';
import { notify } from '../ui/toaster';
import { returnLinkDisplay } from './return-display';

const ShownLink = ({ url }: { url: string }): ReactElement => {
  const { copied, copy } = useCopy(url);
  return (
    <Stack gap="2">
      <Input readOnly value={url} aria-label="Return label link for your buyer" size="sm" fontFamily="mono" onFocus={(event) => event.currentTarget.select()} data-testid="return-link-url" />
      <Button size="sm" variant="outline" alignSelf="flex-start" colorPalette={copied ? 'green' : 'gray'} onClick={() => void copy()}>
        {copied ? <CheckIcon /> : <CopyIcon />}
        {copied ? 'Copied!' : 'Copy link'}
      </Button>
    </Stack>
  );
};

/**
 * The buyer's link to a return label (decision 101): only its hash is kept, so a link is shown once, when made; making
 * another turns the earlier one off. The seller can turn the live one off.
 */
export const ReturnLinkShare = ({ label, userId }: { label: ReturnLabel; userId: string }): ReactElement => {
  const issue = useIssueReturnLink(userId);
  const revoke = useRevokeReturnLink(userId);
  const [url, setUrl] = useState<string | null>(null);
  const live = label.link !== null && !label.link.revoked && new Date(label.link.expiresAt).getTime() > Date.now();

  const share = () =>
    issue.mutate(label.id, {
      onSuccess: async ({ token }) => {
        const link = returnPageUrl(token);
        setUrl(link);
        revoke.reset();
        if (await copyText(link)) notify.success('Return link copied', { description: 'Paste it in your message to the buyer.' });
      },
    });
  const turnOff = () =>
    revoke.mutate(label.id, {
      onSuccess: () => {
        setUrl(null);
        notify.info('Return link turned off', { description: 'It no longer opens the label. A new link can be made at any time.' });
      },
    });

  return (
    <Stack gap="2" borderWidth="1px" rounded="md" p="3" data-testid="return-link-share">
      <Text fontWeight="semibold">Link for your buyer</Text>
      <Text textStyle="sm" color="fg.muted">
        Your buyer opens the label with it, without an account. The link is shown once: copy it now. {returnLinkDisplay(label.link)}.
      </Text>
      {url && <ShownLink url={url} />}
      <HStack gap="2" wrap="wrap">
        <Button size="sm" loading={issue.isPending} loadingText="Making the link" onClick={share}>
          <CopyIcon />
          {live || url ? 'Make a new link' : 'Copy link for your buyer'}
        </Button>
        {(live || url) && (
          <Button size="sm" variant="ghost" colorPalette="red" loading={revoke.isPending} loadingText="Turning off" onClick={turnOff}>
            Turn link off
          </Button>
        )}
      </HStack>
      {(issue.isError || revoke.isError) && (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Description>{errorMessage(issue.error ?? revoke.error, 'The return link could not be changed. Try again in a moment.')}</Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
};
