import { Button, Card, Field, HStack, Input, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { useCopy } from '../../../components/ui/copy-button';
import { CheckIcon, CopyIcon } from '../../../components/ui/icons';
import { NOT_FOUND_TEXT } from './invite-link';

interface ShareBoxProps {
  label: string;
  /** One line under the label: what the value is for. */
  hint: string;
  value: string;
  icon: ReactNode;
  /** Monospace for codes, which people read character by character. */
  mono?: boolean;
}

/**
 * A value to share with a visible Copy button that reads 'Copied!' for 1.5 s (the shared CopyButton is an icon
 * whose confirmation only screen readers and hover see; here the confirmation is the point). 'Not Found...' when empty.
 */
export const ShareBox = ({ label, hint, value, icon, mono = false }: ShareBoxProps): ReactElement => {
  const { copied, copy } = useCopy(value);
  const hintId = useId();

  return (
    <Card.Root variant="outline" size="sm">
      <Card.Body gap="3">
        <Field.Root>
          <Field.Label display="flex" alignItems="center" gap="2" fontWeight="semibold">
            <Text as="span" color="brand.fg" aria-hidden="true">
              {icon}
            </Text>
            {label}
          </Field.Label>
          <Text id={hintId} textStyle="xs" color="fg.muted">
            {hint}
          </Text>
          <HStack gap="2" w="full" mt="1">
            <Input
              readOnly
              value={value || NOT_FOUND_TEXT}
              aria-describedby={hintId}
              fontFamily={mono && value ? 'mono' : undefined}
              color={value ? 'fg' : 'fg.muted'}
              onFocus={(event) => event.currentTarget.select()}
              flex="1"
              minW="0"
            />
            <Button
              onClick={() => void copy()}
              disabled={!value}
              variant={copied ? 'subtle' : 'solid'}
              colorPalette={copied ? 'green' : 'brand'}
              aria-label={copied ? 'Copied!' : `Copy ${label}`}
              minW="24"
              flexShrink={0}
            >
              {copied ? <CheckIcon /> : <CopyIcon />}
              {copied ? 'Copied!' : 'Copy'}
            </Button>
          </HStack>
        </Field.Root>
        <VisuallyHidden role="status">{copied ? `${label} copied` : ''}</VisuallyHidden>
      </Card.Body>
    </Card.Root>
  );
};
