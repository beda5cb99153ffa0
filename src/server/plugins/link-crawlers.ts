/**
 * The User-Agents of the bots that fetch a shared link to show its preview in a chat or a feed (Open Graph and
 * Twitter card readers). They send no cookies, so with the access gate on they would only ever see the gate.
 */
const LINK_PREVIEW_BOTS =
  /facebookexternalhit|facebookcatalog|meta-externalagent|Twitterbot|Slackbot-LinkExpanding|Slack-ImgProxy|WhatsApp|TelegramBot|Discordbot|LinkedInBot|Pinterestbot|redditbot|SkypeUriPreview|Iframely|vkShare|Viber|Applebot|Embedly|Mastodon|Bluesky|Google-PageRenderer|Snapchat|Line\//i;

/** Whether a request's User-Agent names a link-preview bot. */
export const isLinkPreviewBot = (userAgent: string | undefined): boolean =>
  !!userAgent && LINK_PREVIEW_BOTS.test(userAgent);
