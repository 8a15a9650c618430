import { Box, Field, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { TRACKING_EMAIL_LIMITS, type TrackingEmailKind } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import type { FieldState } from '../../../../hooks/use-zod-form';

interface TextFieldProps {
  value: string;
  state: FieldState;
  onChange: (value: string) => void;
  onBlur: () => void;
}

interface TrackingEmailTextProps {
  kind: TrackingEmailKind;
  title: string;
  subject: TextFieldProps;
  body: TextFieldProps;
  /** The mail as a buyer would read it, or null while a field is refused. */
  preview: { subject: string; body: string } | null;
}

/** One mail's subject and text, each with its refusal, and the mail it makes. */
export const TrackingEmailText = ({ kind, title, subject, body, preview }: TrackingEmailTextProps): ReactElement => (
  <Stack gap="3" as="fieldset" borderWidth="1px" rounded="md" p="4" data-testid={`tracking-email-${kind}`}>
    <Text as="legend" fontWeight="semibold" px="1">
      {title}
    </Text>
    <Field.Root invalid={subject.state.invalid}>
      <Field.Label>Subject</Field.Label>
      <Input name={`${kind}Subject`} value={subject.value} maxLength={TRACKING_EMAIL_LIMITS.subject + 20} onChange={(event) => subject.onChange(event.target.value)} onBlur={subject.onBlur} />
      {subject.state.message && <Field.ErrorText>{subject.state.message}</Field.ErrorText>}
    </Field.Root>
    <Field.Root invalid={body.state.invalid}>
      <Field.Label>Text</Field.Label>
      <Textarea name={`${kind}Body`} value={body.value} rows={7} onChange={(event) => body.onChange(event.target.value)} onBlur={body.onBlur} />
      {body.state.message ? <Field.ErrorText>{body.state.message}</Field.ErrorText> : <Field.HelperText>Empty: the default text. At most {TRACKING_EMAIL_LIMITS.body} characters.</Field.HelperText>}
    </Field.Root>
    {preview && (
      <Box bg="bg.subtle" rounded="md" p="3" textStyle="sm" aria-label={`Preview of the ${title.toLowerCase()} e-mail`} role="group" data-testid={`tracking-email-preview-${kind}`}>
        <Text fontWeight="semibold">{preview.subject}</Text>
        <Text whiteSpace="pre-wrap" overflowWrap="anywhere" mt="2">
          {preview.body}
        </Text>
        <Text color="fg.muted" mt="2">
          An unsubscribe link is added under the text.
        </Text>
      </Box>
    )}
  </Stack>
);
