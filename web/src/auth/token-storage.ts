/** SPEC §9: tokens are kept in local storage as access and refresh tokens. */
const ACCESS = 'accessToken';
const REFRESH = 'refreshToken';

export const tokenStorage = {
  accessToken: () => localStorage.getItem(ACCESS),
  refreshToken: () => localStorage.getItem(REFRESH),
  save(accessToken: string, refreshToken: string) {
    localStorage.setItem(ACCESS, accessToken);
    localStorage.setItem(REFRESH, refreshToken);
  },
  clear() {
    localStorage.removeItem(ACCESS);
    localStorage.removeItem(REFRESH);
  },
};
