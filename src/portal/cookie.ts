import type { CookieSettings } from '../web/surface.ts';

/** The portal's session cookie: Lax, so it is sent on the top-level link from a partner's site. */
export function portalCookie(publicBaseUrl: string): CookieSettings {
  return { cookieName: 'portal_session', cookiePath: '/portal', sameSite: 'lax', secure: publicBaseUrl.startsWith('https://') };
}
