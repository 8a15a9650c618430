import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import { WEBHOOK_MAX_ENDPOINTS, type WebhookWithSecret } from '@labeldesk/contracts';
import { useState, type ReactElement } from 'react';
import { TableError, TableSkeleton } from '../../../../components/ui/table-states';
import { useSignedInAsCustomer } from '../../../../hooks/use-signed-in-as-customer';
import { useWebhooks } from '../../../../services/webhooks/list-webhooks';
import { LoginAsNotice } from '../login-as-notice';
import { AddWebhookForm } from './add-webhook-form';
import { SecretNotice } from './secret-notice';
import { WebhookCard } from './webhook-card';

/** Says why secrets are not offered in a login-as session; the disabled Rotate buttons point at it. */
const SECRETS_REFUSED_ID = 'webhook-secrets-refused';

/** The Account page's Webhooks section: endpoints that receive signed events, their secrets and delivery logs. */
export const WebhooksSection = (): ReactElement => {
  const webhooks = useWebhooks();
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);
  const signedInAsCustomer = useSignedInAsCustomer();

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
          {signedInAsCustomer && (
            <LoginAsNotice id={SECRETS_REFUSED_ID}>
              Signed in as this customer, you cannot add a webhook or rotate its secret: a signing secret is shown once, and it is theirs.
            </LoginAsNotice>
          )}
          {webhooks.data?.map((webhook) => <WebhookCard key={webhook.id} webhook={webhook} onSecret={setSecret} secretsRefusedBy={signedInAsCustomer ? SECRETS_REFUSED_ID : undefined} />)}
          {webhooks.data && webhooks.data.length === 0 && (
            <Text color="fg.muted" textStyle="sm">
              No endpoints yet. Add one below to receive events.
            </Text>
          )}
          {webhooks.data && webhooks.data.length < WEBHOOK_MAX_ENDPOINTS && !signedInAsCustomer && <AddWebhookForm onCreated={setSecret} />}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
};
