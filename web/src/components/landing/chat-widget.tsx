import { useEffect } from 'react';
import { usePublicSite } from '../../services/public/site';

/**
 * Spec 1: support through a third-party chat widget at the bottom right. The operator sets its script
 * (CHAT_WIDGET_SCRIPT_URL); without one nothing loads. It is added after the page is idle, so it never delays it.
 */
export const ChatWidget = (): null => {
  const scriptUrl = usePublicSite().data?.chatWidgetScriptUrl ?? null;
  useEffect(() => {
    if (!scriptUrl || document.querySelector(`script[data-chat-widget]`)) return;
    const load = () => {
      const script = document.createElement('script');
      script.src = scriptUrl;
      script.async = true;
      script.dataset['chatWidget'] = 'true';
      document.body.appendChild(script);
    };
    const idle = window.requestIdleCallback?.(load, { timeout: 4_000 });
    if (idle === undefined) {
      const timer = window.setTimeout(load, 2_000);
      return () => window.clearTimeout(timer);
    }
    return () => window.cancelIdleCallback(idle);
  }, [scriptUrl]);
  return null;
};
