/**
 * The login page's code, loaded on demand. The router waits for a lazy route's code before it changes the URL, so
 * a signed-in shell fetches this ahead of time: Logout then lands on /login at once, even on a slow connection.
 */
export const loadLoginPage = async () => ({ Component: (await import('./page')).LoginPage });
