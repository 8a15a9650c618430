import { Alert, CloseButton, List } from '@chakra-ui/react';
import type { ReactElement } from 'react';

interface UploadErrorsProps {
  fileName: string;
  messages: readonly string[];
  onDismiss: () => void;
}

/** Uploads are all or nothing: every refused row is listed, so the file can be fixed in one pass. */
export const UploadErrors = ({ fileName, messages, onDismiss }: UploadErrorsProps): ReactElement => (
  <Alert.Root status="error" alignItems="flex-start" data-testid="sku-upload-errors">
    <Alert.Indicator />
    <Alert.Content>
      <Alert.Title>
        {fileName} was not uploaded: {messages.length === 1 ? '1 problem' : `${messages.length} problems`}. Nothing was saved.
      </Alert.Title>
      <Alert.Description>
        <List.Root as="ul" ps="4" mt="1.5" gap="0.5" maxH="48" overflowY="auto" textStyle="sm">
          {messages.map((message, index) => (
            <List.Item key={`${index}-${message}`}>{message}</List.Item>
          ))}
        </List.Root>
      </Alert.Description>
    </Alert.Content>
    <CloseButton size="sm" colorPalette="red" aria-label="Dismiss upload errors" onClick={onDismiss} />
  </Alert.Root>
);
