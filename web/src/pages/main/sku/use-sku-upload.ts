import { useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { notify, SHORT_TOAST_MS } from '../../../components/ui/toaster';
import { useAddSkus } from '../../../services/skus/add-skus';
import { parseSkuCsv } from './sku-csv';
import { uploadProblems } from './sku-upload';

const short = { durationMs: SHORT_TOAST_MS };

/** An SKU CSV chosen in the hidden file input: read, sent, and what went wrong with it if anything did. */
export const useSkuUpload = (userId: string) => {
  const upload = useAddSkus();
  const [reading, setReading] = useState(false);
  const [problems, setProblems] = useState<{ fileName: string; messages: string[] } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file can be chosen again after fixing it
    if (!file) return;
    setProblems(null);
    setReading(true);
    try {
      const parsedData = await parseSkuCsv(file);
      await upload.mutateAsync({ userId, parsedData });
      notify.success('CSV Uploaded Successfully', short);
    } catch (error) {
      setProblems({ fileName: file.name, messages: uploadProblems(error) });
      notify.error('Error uploading file', short);
    } finally {
      setReading(false);
    }
  };

  return { fileInput, onFile, reading, problems, dismissProblems: () => setProblems(null) };
};
