// What other modules use of the pages module: the watch page is made and sent the way every viewer page is.
export { answerAsViewer, type ViewerAnswer } from './viewer-answers.ts';
export { viewerLanguageOf } from './viewer-language.ts';
export { attribute, pageCaching, readPage, scriptJson, sendPage, type PreparedPage } from './page-reply.ts';
export { pageAddress, type MadePage, type PreparedPages } from './prepared-pages.ts';
export { episodePreview, episodePreviewOf, originOf, previewTagsFor, withPreviewTags } from './link-preview.ts';
export { sendLinkPreviewPage } from './link-preview-page.ts';
