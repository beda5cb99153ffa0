/** The app's local flags (localStorage). They only remember what the UI last knew; the server decides. */
export const storageKeys = {
  access: { key: 'cliffhanger.access', granted: 'granted' },
  login: { key: 'cliffhanger.login', loggedIn: 'loggedIn' },
  loginUser: 'cliffhanger.loginUser',
  admin: { key: 'cliffhanger.admin', authenticated: 'authenticated' },
  language: 'cliffhanger.language',
  /** The player's subtitle choice and text size (subtitle-preference.ts). */
  subtitles: 'cliffhanger.subtitles',
} as const;
