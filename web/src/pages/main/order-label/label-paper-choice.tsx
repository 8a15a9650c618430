import { Button, Link, Text } from '@chakra-ui/react';
import type { LabelSize } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { notify } from '../../../components/ui/toaster';
import { downloadErrorMessage } from '../../../libs/download-file';
import { useLabelSettings } from '../../../services/label-settings/label-settings';
import { useDownloadLabelOn } from '../../../services/orders/download-label';
import { useAuthStore } from '../../../stores/auth.store';

const PAPER: Readonly<Record<LabelSize, string>> = { '4x6': '4×6 in', letter: 'Letter, 8.5×11 in' };
const OTHER: Readonly<Record<LabelSize, { size: LabelSize; button: string }>> = {
  '4x6': { size: 'letter', button: 'Download on Letter' },
  letter: { size: '4x6', button: 'Download 4×6' },
};

/**
 * Which paper Download Label gives (the user's label size, decision 096) and the other paper once, for a PDF label;
 * nothing for a ZPL label, which a thermal printer reads as it is.
 */
export const LabelPaperChoice = ({ pdfName }: { pdfName: string }): ReactElement | null => {
  const userId = useAuthStore((state) => state.user?._id ?? '');
  const settings = useLabelSettings(userId);
  const download = useDownloadLabelOn();
  if (pdfName.endsWith('.zpl') || !settings.data) return null;
  const size = settings.data.labelSize;
  const other = OTHER[size];
  return (
    <Text textStyle="sm" color="fg.muted" mt="4" data-testid="label-paper" data-label-size={size}>
      Downloads on {PAPER[size]}.{' '}
      <Button
        variant="plain"
        size="sm"
        height="auto"
        px="0"
        color="brand.fg"
        fontWeight="medium"
        textDecoration="underline"
        verticalAlign="baseline"
        loading={download.isPending}
        loadingText="Downloading"
        onClick={() => download.mutate({ pdfName, size: other.size }, { onError: (error) => notify.error(downloadErrorMessage(error)) })}
      >
        {other.button}
      </Button>{' '}
      ·{' '}
      <Link asChild color="brand.fg" fontWeight="medium">
        <RouterLink to="/main/account">Change label size</RouterLink>
      </Link>
    </Text>
  );
};
