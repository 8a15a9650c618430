import { Alert, Button, Card, Heading, Stack, Switch, Text } from '@chakra-ui/react';
import { TRACKING_EMAIL_PLACEHOLDERS, type TrackingEmailKind, type TrackingEmailSettings } from '@labeldesk/contracts';
import { useState, type ReactElement } from 'react';
import { FormField } from '../../../../components/ui/form-field';
import { TableError, TableSkeleton } from '../../../../components/ui/table-states';
import { notify } from '../../../../components/ui/toaster';
import { useZodForm } from '../../../../hooks/use-zod-form';
import { errorMessage } from '../../../../libs/http-client';
import { useSaveTrackingEmailSettings, useTrackingEmailSettings } from '../../../../services/tracking-emails/tracking-email-settings';
import { formValuesOf, previewOf, settingsBodyOf, trackingEmailTextsFormSchema } from './tracking-email-form';
import { TrackingEmailText } from './tracking-email-text';

const FORM_ID = 'tracking-emails-form';
const KINDS: ReadonlyArray<{ kind: TrackingEmailKind; title: string }> = [
  { kind: 'purchased', title: 'Label purchased' },
  { kind: 'delivered', title: 'Delivered' },
];
const placeholders = TRACKING_EMAIL_PLACEHOLDERS.map((name) => `{${name}}`).join(', ');

const NoSmtpNotice = (): ReactElement => (
  <Alert.Root status="info" data-testid="tracking-emails-no-smtp">
    <Alert.Indicator />
    <Alert.Description>E-mails cannot be sent on this install: its operator has not set up an SMTP server. Your settings are kept for when they can.</Alert.Description>
  </Alert.Root>
);

const TrackingEmailsForm = ({ settings }: { settings: TrackingEmailSettings }): ReactElement => {
  const save = useSaveTrackingEmailSettings();
  const [enabled, setEnabled] = useState(settings.enabled);
  const form = useZodForm(trackingEmailTextsFormSchema, formValuesOf(settings));
  const valid = trackingEmailTextsFormSchema.safeParse(form.values).success;

  const onSubmit = form.handleSubmit(() => {
    save.mutate(settingsBodyOf(enabled, form.values), {
      onSuccess: (saved) => notify.success(saved.enabled ? 'Tracking e-mails are on' : 'Tracking e-mail settings saved'),
      onError: (error) => notify.error(errorMessage(error, 'Failed to save tracking e-mail settings')),
    });
  });

  const textField = (name: `${TrackingEmailKind}${'Subject' | 'Body'}`) => ({
    value: form.values[name],
    state: form.fieldState(name),
    onChange: (value: string) => form.setValue(name, value),
    onBlur: form.field(name).onBlur,
  });

  return (
    <form id={FORM_ID} onSubmit={onSubmit} noValidate>
      <Stack gap="5">
        {!settings.smtpConfigured && <NoSmtpNotice />}
        <Switch.Root checked={enabled} disabled={!settings.smtpConfigured} onCheckedChange={(details) => setEnabled(details.checked)} colorPalette="green">
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>E-mail receivers when a label is bought and when it is delivered</Switch.Label>
        </Switch.Root>
        <FormField label="Sender name" helperText="Empty: the label's ship-from company (or the sender's name), as the tracking page shows it" state={form.fieldState('senderName')} {...form.field('senderName')} />
        <Text textStyle="sm" color="fg.muted">
          Placeholders: {placeholders}. Each text must keep {'{tracking_link}'}, the parcel's tracking page.
        </Text>
        {KINDS.map(({ kind, title }) => (
          <TrackingEmailText key={kind} kind={kind} title={title} subject={textField(`${kind}Subject`)} body={textField(`${kind}Body`)} preview={valid ? previewOf(kind, form.values, window.location.origin) : null} />
        ))}
        <Button type="submit" alignSelf="flex-start" loading={save.isPending} loadingText="Saving">
          Save tracking e-mails
        </Button>
      </Stack>
    </form>
  );
};

/** The Account page's Tracking e-mails section (decision 095): the seller's mails to receivers, on or off, and their texts. */
export const TrackingEmailsSection = (): ReactElement => {
  const settings = useTrackingEmailSettings();
  return (
    <Card.Root variant="outline" maxW="3xl" mt="6" as="section" aria-labelledby="tracking-emails-heading">
      <Card.Header>
        <Heading id="tracking-emails-heading" size="md">
          Tracking e-mails
        </Heading>
        <Text color="fg.muted" textStyle="sm">
          We e-mail the receiver of a label that has an e-mail address: once when you buy the label and once when it is delivered, with its tracking page. A
          receiver can unsubscribe from your e-mails.
        </Text>
      </Card.Header>
      <Card.Body>
        {settings.isPending && <TableSkeleton rows={3} label="Loading tracking e-mail settings" />}
        {settings.isError && <TableError title="Could not load your tracking e-mail settings" onRetry={() => void settings.refetch()} retrying={settings.isFetching} />}
        {settings.data && <TrackingEmailsForm settings={settings.data} />}
      </Card.Body>
    </Card.Root>
  );
};
