import { Card, Grid, Stack, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { BulkSettings } from './bulk-settings';
import type { BulkSettingsProps } from './bulk-settings';
import { UploadArea } from './upload-area';
import type { UploadAreaProps } from './upload-area';

interface BulkUploadCardProps {
  upload: UploadAreaProps & { problem: string | null };
  settings: BulkSettingsProps;
}

/** The file to load next to the choices that apply to the whole batch. */
export const BulkUploadCard = ({ upload, settings }: BulkUploadCardProps): ReactElement => {
  const { problem, ...area } = upload;
  return (
    <Card.Root variant="outline" size="sm">
      <Card.Body>
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 7fr)' }} gap={{ base: '4', lg: '6' }} alignItems="stretch">
          <Stack gap="3">
            <UploadArea {...area} />
            {problem && (
              <Text role="alert" textStyle="sm" color="fg.error" data-testid="bulk-file-problem">
                {problem}
              </Text>
            )}
          </Stack>
          <BulkSettings {...settings} />
        </Grid>
      </Card.Body>
    </Card.Root>
  );
};
