import { Button, Checkbox, Fieldset, Stack } from '@chakra-ui/react';
import { createWebhookBodySchema, WEBHOOK_EVENT_TYPES, type WebhookEventType, type WebhookWithSecret } from '@labeldesk/contracts';
import { useState, type ReactElement } from 'react';
import { FormField } from '../../../../components/ui/form-field';
import { notify } from '../../../../components/ui/toaster';
import { errorMessage } from '../../../../libs/http-client';
import { useCreateWebhook } from '../../../../services/webhooks/create-webhook';
import { EVENT_LABELS } from './event-names';

/** URL and event checkboxes; the server checks the URL again after resolving it (https, public address). */
export const AddWebhookForm = ({ onCreated }: { onCreated: (created: WebhookWithSecret) => void }): ReactElement => {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['label.purchased']);
  const [touched, setTouched] = useState(false);
  const parsed = createWebhookBodySchema.safeParse({ url, events });
  const urlIssue = parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === 'url')?.message;
  const eventsIssue = parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === 'events')?.message;

  const toggle = (event: WebhookEventType, on: boolean) => setEvents((current) => (on ? [...current, event] : current.filter((e) => e !== event)));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        setUrl('');
        setTouched(false);
        onCreated(created);
      },
      onError: (error) => notify.error(errorMessage(error, 'Could not add the webhook')),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add webhook endpoint">
      <Stack gap="4">
        <FormField
          label="Endpoint URL"
          type="url"
          placeholder="https://example.com/webhooks/labeldesk"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          onBlur={() => setTouched(true)}
          state={{ invalid: touched && urlIssue !== undefined, message: touched ? urlIssue : undefined }}
          helperText="https only, reachable from the internet"
        />
        <Fieldset.Root invalid={touched && eventsIssue !== undefined}>
          <Fieldset.Legend textStyle="sm" fontWeight="medium">
            Events
          </Fieldset.Legend>
          <Stack direction={{ base: 'column', sm: 'row' }} wrap="wrap" gap="3">
            {WEBHOOK_EVENT_TYPES.map((event) => (
              <Checkbox.Root key={event} size="sm" checked={events.includes(event)} onCheckedChange={(details) => toggle(event, details.checked === true)}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{EVENT_LABELS[event]}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
          {touched && eventsIssue && <Fieldset.ErrorText>{eventsIssue}</Fieldset.ErrorText>}
        </Fieldset.Root>
        <Button type="submit" alignSelf="flex-start" loading={create.isPending} loadingText="Adding">
          Add Endpoint
        </Button>
      </Stack>
    </form>
  );
};
