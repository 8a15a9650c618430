import { Card, Heading, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { labelSizeSchema, type LabelSize } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../libs/http-client';
import { useLabelSettings, useSetLabelSettings } from '../../../services/label-settings/label-settings';

const HEADING_ID = 'label-size-heading';

const CHOICES: ReadonlyArray<{ value: LabelSize; title: string; help: string }> = [
  { value: '4x6', title: '4×6 in', help: 'For thermal label printers: the label as the carrier makes it.' },
  { value: 'letter', title: 'Letter, 8.5×11 in', help: 'For office printers: the 4×6 label on the top half of the sheet at 100\u00a0%, with a line to cut or fold along.' },
];

const nameOf = (size: LabelSize): string => CHOICES.find((choice) => choice.value === size)?.title ?? size;

/** The paper the user's single labels download on (decision 096); a choice saves at once. */
export const LabelSizeSection = ({ userId }: { userId: string }): ReactElement => {
  const settings = useLabelSettings(userId);
  const save = useSetLabelSettings();
  const current = save.isPending ? save.variables.settings.labelSize : settings.data?.labelSize;

  const choose = (value: string | null) => {
    const parsed = labelSizeSchema.safeParse(value);
    if (!parsed.success || parsed.data === settings.data?.labelSize) return;
    save.mutate(
      { userId, settings: { labelSize: parsed.data } },
      {
        onSuccess: ({ labelSize }) => notify.success(`Labels now download on ${nameOf(labelSize)}`),
        onError: (error) => notify.error(errorMessage(error, 'Could not save the label size')),
      },
    );
  };

  return (
    <Card.Root as="section" variant="outline" maxW="xl" mt="6" aria-labelledby={HEADING_ID} data-testid="label-size-section">
      <Card.Header>
        <Heading as="h2" size="md" id={HEADING_ID}>
          Label size
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          The paper your single labels download on. ZPL labels never change; a batch picks its own format on Bulk Order.
        </Text>
      </Card.Header>
      <Card.Body>
        {settings.isError ? (
          <Text textStyle="sm" color="fg.error">
            The label size could not be loaded. Reload the page to try again.
          </Text>
        ) : (
          <RadioGroup.Root value={current ?? null} onValueChange={(details) => choose(details.value)} disabled={!settings.data || save.isPending} aria-labelledby={HEADING_ID}>
            <Stack gap="4">
              {CHOICES.map((choice) => (
                <RadioGroup.Item key={choice.value} value={choice.value} alignItems="flex-start">
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator mt="0.5" />
                  <Stack gap="0.5">
                    <RadioGroup.ItemText fontWeight="medium">{choice.title}</RadioGroup.ItemText>
                    <Text textStyle="sm" color="fg.muted">
                      {choice.help}
                    </Text>
                  </Stack>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
        )}
      </Card.Body>
    </Card.Root>
  );
};
