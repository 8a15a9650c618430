/**
 * Build-time settings (Vite `VITE_*` variables). The community chat link is external and belongs to the
 * operator, so it is configured rather than written into the code.
 */
export const communityChatUrl: string = import.meta.env['VITE_COMMUNITY_CHAT_URL'] || 'https://t.me/labeldesk_community';
