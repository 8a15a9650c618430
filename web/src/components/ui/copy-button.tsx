import { IconButton } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { ReactElement } from 'react';
import { CheckIcon, CopyIcon } from './icons';
import { notify } from './toaster';

/** Spec section 9: 'Copied!' shows for 1.5 s. */
const COPIED_MS = 1_500;

/** The Clipboard API needs a secure context; plain http on a LAN address falls back to the old copy command. */
export const copyText = async (text: string): Promise<boolean> => {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the legacy way.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  return copied;
};

/** Copies `value` on demand; `copied` is true for the 1.5 s the confirmation shows. */
export const useCopy = (value: string): { copied: boolean; copy: () => Promise<void> } => {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    if (await copyText(value)) setCopied(true);
    else notify.error('Could not copy. Select the text and copy it instead.');
  };
  return { copied, copy };
};

interface CopyButtonProps {
  value: string;
  /** What is copied, read by screen readers and shown on hover: 'Copy tracking number'. */
  label: string;
}

export const CopyButton = ({ value, label }: CopyButtonProps): ReactElement => {
  const { copied, copy } = useCopy(value);

  return (
    <IconButton
      aria-label={copied ? 'Copied!' : label}
      title={copied ? 'Copied!' : label}
      size="xs"
      variant="ghost"
      colorPalette={copied ? 'green' : 'gray'}
      onClick={() => void copy()}
    >
      {copied ? <CheckIcon /> : <CopyIcon />}
    </IconButton>
  );
};
