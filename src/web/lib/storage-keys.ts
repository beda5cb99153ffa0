/** The local flags of SPEC §3. They only remember what the UI last knew; the server decides. */
export const storageKeys = {
  access: { key: 'cliffhanger.access', granted: 'granted' },
  login: { key: 'cliffhanger.login', loggedIn: 'loggedIn' },
  loginUser: 'cliffhanger.loginUser',
  admin: { key: 'cliffhanger.admin', authenticated: 'authenticated' },
  language: 'cliffhanger.language',
} as const;
