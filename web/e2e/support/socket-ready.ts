import type { Page, WebSocket } from 'playwright-core';

/**
 * Resolves once the page's app socket (socket.io at /socket.io/) is connected: the server's CONNECT packet ("40…")
 * arrived, so the gateway has the socket and puts it in its user's room. Call it before the page opens the socket.
 */
export const socketConnected = (page: Page): Promise<void> =>
  new Promise<void>((connected) => {
    const watch = (socket: WebSocket): void => {
      if (!socket.url().includes('/socket.io/')) return;
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).startsWith('40')) {
          page.off('websocket', watch);
          connected();
        }
      });
    };
    page.on('websocket', watch);
  });
