import { Box, Flex, Icon, Spinner, Text, VisuallyHidden } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import type { DragEvent, ReactElement } from 'react';
import { UploadIcon } from '../../../components/ui/icons';
import type { BulkLimits } from '@labeldesk/contracts';
import { maxFileText, maxRowsText } from './bulk-file';

export interface UploadAreaProps {
  onFile: (file: File) => void;
  busy: boolean;
  disabled: boolean;
  /** The file the table came from, if any. */
  fileName: string | null;
  /** This deployment's limits, stated under the area. */
  limits: BulkLimits;
}

/** Spec 2: a drag-and-drop or click area for .csv and .txt, described as 'Amazon file / CSV'. */
export const UploadArea = ({ onFile, busy, disabled, fileName, limits }: UploadAreaProps): ReactElement => {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const inactive = busy || disabled;

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !inactive) onFile(file);
  };

  return (
    // A label around the file input, not a button around it: one control (axe: nested-interactive), opened by a click
    // anywhere in the area or by the keyboard on the input, named by the text people see.
    <Box
      as="label"
      display="block"
      aria-disabled={inactive || undefined}
      data-testid="bulk-upload-area"
      data-dragging={dragging || undefined}
      onDragOver={(event) => {
        event.preventDefault();
        if (!inactive) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={dragging ? 'colorPalette.solid' : 'border.emphasized'}
      bg={dragging ? 'colorPalette.subtle' : 'bg.subtle'}
      rounded="lg"
      px={{ base: '4', md: '5' }}
      py={{ base: '4', md: '5' }}
      cursor={inactive ? 'progress' : 'pointer'}
      transition="background 0.15s, border-color 0.15s"
      _hover={inactive ? undefined : { borderColor: 'colorPalette.solid', bg: 'colorPalette.subtle' }}
      _focusWithin={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
      h="full"
    >
      <Flex direction="column" align="center" justify="center" textAlign="center" gap="2" h="full">
        <Flex boxSize="9" rounded="full" bg="colorPalette.muted" color="colorPalette.fg" align="center" justify="center">
          {busy ? <Spinner size="sm" aria-hidden="true" /> : <Icon as={UploadIcon} boxSize="5" aria-hidden="true" />}
        </Flex>
        <Text fontWeight="semibold">{busy ? 'Reading file…' : 'Amazon file / CSV'}</Text>
        <Text textStyle="sm" color="fg.muted">
          Drop a file here, or{' '}
          <Text as="span" color="colorPalette.fg" fontWeight="medium" textDecoration="underline">
            click to choose one
          </Text>
        </Text>
        <Text id="bulk-upload-limits" textStyle="xs" color="fg.muted" data-testid="bulk-upload-limits">
          .csv (Bulk Template) or Amazon unshipped-orders .txt
          <br />
          Up to {maxFileText(limits)} and {maxRowsText(limits)} rows per file
        </Text>
        {fileName && (
          <Text textStyle="xs" color="fg" maxW="full" wordBreak="break-word">
            Loaded <strong>{fileName}</strong>; a new file replaces its rows
          </Text>
        )}
      </Flex>
      <VisuallyHidden>
        <input
          ref={input}
          type="file"
          accept=".csv,.txt,.tsv,text/csv,text/plain,text/tab-separated-values"
          aria-label="Upload Amazon file / CSV"
          aria-describedby="bulk-upload-limits"
          disabled={inactive}
          data-testid="bulk-file-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = ''; // the same file can be chosen again after fixing it
            if (file) onFile(file);
          }}
        />
      </VisuallyHidden>
    </Box>
  );
};
