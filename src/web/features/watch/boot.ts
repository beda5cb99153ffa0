/**
 * The player's boot: a tiny script that index.html loads next to the app (async, a few kB), so that opening
 * /watch/{id} directly asks for the episode and starts its video while the app's own code still downloads
 * and starts. On every other page it does nothing. See docs/decisions/008-player-start-up.md.
 */
import { startWatchEarly } from './feed/early-start.ts';

startWatchEarly(window.location.pathname);
