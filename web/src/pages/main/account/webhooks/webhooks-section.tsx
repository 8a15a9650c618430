import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import { WEBHOOK_MAX_ENDPOINTS, type WebhookWithSecret } from '@labeldesk/contracts';
import { useState, type ReactElement } from 'react';
import { TableError, TableSkeleton } from '../../../../components/ui/table-states';
import { useWebhooks } from '../../../../services/webhooks/list-webhooks';
import { AddWebhookForm } from './add-webhook-form';
import { SecretNotice } from './secret-notice';
import { WebhookCard } from './webhook-card';

/** The Account page's Webhooks section: endpoints that receive signed events, their secrets and delivery logs. */
export const WebhooksSection = (): ReactElement => {
  const webhooks = useWebhooks();
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);

  return (
    <Card.Root variant="outline" maxW="3xl" mt="6" as="section" aria-labelledby="webhooks-heading">
      <Card.Header>
        <Heading id="webhooks-heading" size="md">
          Webhooks
        </Heading>
        <Text color="fg.muted" textStyle="sm">
          We POST signed events (Standard Webhooks) to your endpoints when labels are bought, voided or refunded, batches finish, tracking changes or your
          balance is credited. Up to {WEBHOOK_MAX_ENDPOINTS} endpoints.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          {secret && <SecretNotice secret={secret.secret} onDone={() => setSecret(null)} />}
          {webhooks.isPending && <TableSkeleton rows={2} label="Loading webhooks" />}
          {webhooks.isError && <TableError title="Could not load your webhooks" onRetry={() => void webhooks.refetch()} retrying={webhooks.isFetching} />}
          {webhooks.data?.map((webhook) => <WebhookCard key={webhook.id} webhook={webhook} onSecret={setSecret} />)}
          {webhooks.data && webhooks.data.length === 0 && (
            <Text color="fg.muted" textStyle="sm">
              No endpoints yet. Add one below to receive events.
            </Text>
          )}
          {webhooks.data && webhooks.data.length < WEBHOOK_MAX_ENDPOINTS && <AddWebhookForm onCreated={setSecret} />}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
};
