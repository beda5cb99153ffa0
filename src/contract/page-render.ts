import type { PageData } from './page-data.ts';

/**
 * The server's side of rendering a viewer page with React (docs/decisions/026-viewer-pages-rendered-on-the-server.md).
 * The renderer is the web app's own server build (src/web/entry-server.tsx, `vite build` writes it to
 * dist/ssr); the API server only hands it the request and a way to read the API as this visitor.
 */
export interface PageRenderRequest {
  /** Path and query string, as the browser asked for them. */
  url: string;
  /** The UI language to render in, as its tag: the server decides it (the language cookie, else Accept-Language). */
  language: string;
  /**
   * GET an API path as this visitor: its JSON answer, or an error with the reply's status. The page's own
   * query functions call it, so the page reads exactly what it would read in the browser.
   */
  readApi: (path: string) => Promise<ApiAnswer>;
  /**
   * The page is made for every visitor with access: the viewer's own reads (`isViewersOwnRead`) are not made,
   * their parts are rendered as before they load, and the browser reads them once the page has hydrated.
   */
  forEveryone?: boolean;
}

export type ApiAnswer = { status: 200; body: unknown } | { status: number; text: string };

export interface RenderedPage {
  /** The markup of the app's root element. */
  html: string;
  /** `<html lang dir>` of the language the page was rendered in. */
  lang: string;
  dir: 'ltr' | 'rtl';
  /** The query cache the markup was rendered from; the browser starts its cache with it. */
  data: PageData;
}

/** What the server build of the web app exports. */
export interface PageRenderer {
  renderPage(request: PageRenderRequest): Promise<RenderedPage | null>;
}
