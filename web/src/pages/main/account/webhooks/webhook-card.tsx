import { Box, Button, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import type { WebhookEndpoint, WebhookWithSecret } from '@labeldesk/contracts';
import { useState, type ReactElement } from 'react';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { notify } from '../../../../components/ui/toaster';
import { formatDateTime } from '../../../../libs/format';
import { errorMessage } from '../../../../libs/http-client';
import { useDeleteWebhook } from '../../../../services/webhooks/delete-webhook';
import { useRotateWebhookSecret } from '../../../../services/webhooks/rotate-webhook-secret';
import { useTestWebhook } from '../../../../services/webhooks/test-webhook';
import { useUpdateWebhook } from '../../../../services/webhooks/update-webhook';
import { DeliveryLog } from './delivery-log';
import { EVENT_LABELS } from './event-names';

interface WebhookCardProps {
  webhook: WebhookEndpoint;
  onSecret: (rotated: WebhookWithSecret) => void;
  /** In a login-as session: the id of the notice saying why its secret cannot be rotated (the button is disabled). */
  secretsRefusedBy?: string | undefined;
}

/** The endpoint's URL, events and state; why it was disabled, and until when the previous secret still signs. */
const WebhookSummary = ({ webhook }: { webhook: WebhookEndpoint }): ReactElement => (
  <>
    <HStack justify="space-between" align="flex-start" wrap="wrap" gap="2">
      <Stack gap="1" minW="0">
        <Text fontFamily="mono" textStyle="sm" wordBreak="break-all">
          {webhook.url}
        </Text>
        <Wrap gap="1">
          {webhook.events.map((event) => (
            <StatusBadge key={event} tone="neutral">
              {EVENT_LABELS[event]}
            </StatusBadge>
          ))}
        </Wrap>
      </Stack>
      {webhook.enabled ? <StatusBadge tone="completed">Enabled</StatusBadge> : <StatusBadge tone="failed">Disabled</StatusBadge>}
    </HStack>
    {!webhook.enabled && webhook.disabledReason && <Text textStyle="sm" color="fg.muted">{webhook.disabledReason}</Text>}
    {webhook.previousSecretUntil && (
      <Text textStyle="sm" color="fg.muted">
        The previous secret also signs until {formatDateTime(webhook.previousSecretUntil)}.
      </Text>
    )}
  </>
);

/** One endpoint: its URL, events and state, its actions, and its delivery log on demand. */
export const WebhookCard = ({ webhook, onSecret, secretsRefusedBy }: WebhookCardProps): ReactElement => {
  const [showLog, setShowLog] = useState(false);
  const [confirm, setConfirm] = useState<'delete' | 'rotate' | null>(null);
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const update = useUpdateWebhook();
  const test = useTestWebhook();
  const fail = (fallback: string) => (error: unknown) => notify.error(errorMessage(error, fallback));

  return (
    <Box borderWidth="1px" rounded="md" p="4" data-testid="webhook-endpoint">
      <Stack gap="3">
        <WebhookSummary webhook={webhook} />
        <Wrap gap="2">
          <Button size="xs" variant="outline" onClick={() => setShowLog((open) => !open)} aria-expanded={showLog}>
            {showLog ? 'Hide Deliveries' : 'Deliveries'}
          </Button>
          <Button size="xs" variant="outline" disabled={!webhook.enabled} loading={test.isPending} onClick={() => test.mutate(webhook.id, { onSuccess: () => setShowLog(true), onError: fail('Could not send a test event') })}>
            Send Test
          </Button>
          <Button
            size="xs"
            variant="outline"
            loading={update.isPending}
            onClick={() => update.mutate({ id: webhook.id, change: { enabled: !webhook.enabled } }, { onError: fail('Could not change the webhook') })}
          >
            {webhook.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button size="xs" variant="outline" onClick={() => setConfirm('rotate')} disabled={secretsRefusedBy !== undefined} aria-describedby={secretsRefusedBy}>
            Rotate Secret
          </Button>
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => setConfirm('delete')}>
            Delete
          </Button>
        </Wrap>
        {showLog && <DeliveryLog webhookId={webhook.id} />}
      </Stack>
      <ConfirmDialog
        open={confirm === 'rotate'}
        title="Rotate Signing Secret"
        confirmLabel="Rotate"
        loading={rotate.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() =>
          rotate.mutate(webhook.id, {
            onSuccess: (rotated) => {
              setConfirm(null);
              onSecret(rotated);
            },
            onError: fail('Could not rotate the secret'),
          })
        }
      >
        A new secret signs every delivery from now on. The current one keeps signing beside it for 24 hours, so you can switch your receiver without losing events.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'delete'}
        title="Delete Webhook"
        confirmLabel="Delete"
        tone="danger"
        loading={remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => remove.mutate(webhook.id, { onSuccess: () => setConfirm(null), onError: fail('Could not delete the webhook') })}
      >
        Events will no longer be sent to {webhook.url}, and its queued deliveries are dropped.
      </ConfirmDialog>
    </Box>
  );
};
