import { useEffect } from 'react';

const APP_TITLE = 'Shipping Labels';

export const useDocumentTitle = (title: string): void => {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_TITLE}` : APP_TITLE;
  }, [title]);
};
