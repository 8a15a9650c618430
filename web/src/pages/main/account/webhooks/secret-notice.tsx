import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { CopyButton } from '../../../../components/ui/copy-button';

/** A signing secret, shown once: after this it can only be replaced, never read again. */
export const SecretNotice = ({ secret, onDone }: { secret: string; onDone: () => void }): ReactElement => (
  <Alert.Root status="warning" variant="subtle">
    <Alert.Indicator />
    <Alert.Content>
      <Alert.Title>Copy your signing secret now</Alert.Title>
      <Alert.Description>
        <Stack gap="2" mt="1">
          <Text>It is shown only once. Verify each delivery's webhook-signature header with it (Standard Webhooks).</Text>
          <Stack direction="row" align="center" gap="2">
            <Text as="code" fontFamily="mono" textStyle="sm" wordBreak="break-all" data-testid="webhook-secret">
              {secret}
            </Text>
            <CopyButton value={secret} label="Copy signing secret" />
          </Stack>
          <Button size="xs" variant="outline" alignSelf="flex-start" onClick={onDone}>
            I have copied it
          </Button>
        </Stack>
      </Alert.Description>
    </Alert.Content>
  </Alert.Root>
);
