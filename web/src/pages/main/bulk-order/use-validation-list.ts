import { useRef, useState } from 'react';
import type { BulkTableHandle } from './bulk-table';
import type { InvalidRow, ValidationErrorsDialogProps } from './validation-errors-dialog';

/** The Validation Errors list: opened with the rows that stop the batch; picking a row closes it and scrolls there. */
export const useValidationList = () => {
  const [invalidList, setInvalidList] = useState<InvalidRow[] | null>(null);
  const tableRef = useRef<BulkTableHandle>(null);

  const showRow = (index: number) => {
    setInvalidList(null);
    // After the dialog has let go of the focus.
    setTimeout(() => tableRef.current?.scrollToRow(index), 50);
  };

  const validation: ValidationErrorsDialogProps = { invalid: invalidList, onClose: () => setInvalidList(null), onShowRow: showRow };
  return { validation, open: setInvalidList, tableRef };
};
