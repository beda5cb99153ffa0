// The header and the bottom bar, in a chunk of their own: the player (the page most visits start on, from
// a shared link) shows neither, so it does not download them (issue 11).
export { BottomNav } from './bottom-nav.tsx';
export { SiteHeader } from './site-header.tsx';
