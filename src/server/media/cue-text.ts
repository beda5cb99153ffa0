/**
 * Cue text reduced to WebVTT's own markup: the tags b, i, u, c, v, lang, ruby and rt (with classes, and the
 * voice or language annotation), character references, and plain text. Every other tag (HTML's <font>,
 * <script>, <img>…) is dropped with its markup, script and style contents with it, and SRT's ASS overrides
 * ({\an8}) go; what is left is balanced, so a cue never leaks a style into the next one.
 */
const ALLOWED_TAGS = new Set(['b', 'i', 'u', 'c', 'v', 'lang', 'ruby', 'rt']);
const DROPPED_WITH_CONTENT = /<(script|style)\b[^>]*>[\s\S]*?(<\/\1\s*>|$)/gi;
const ASS_OVERRIDE = /\{\\[^}]*\}/g;
const TAG = /<(\/?)([A-Za-z][A-Za-z0-9]*)((?:\.[A-Za-z0-9_-]+)*)([^>]*)>|<\/?[A-Za-z!?][^>]*>?/g;
const CHARACTER_REFERENCE = /^&(?:amp|lt|gt|lrm|rlm|nbsp|#\d{1,7}|#x[0-9a-f]{1,6});/i;

function escapeText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '&') {
      const reference = CHARACTER_REFERENCE.exec(text.slice(i, i + 12));
      if (reference) {
        out += reference[0];
        i += reference[0].length - 1;
      } else out += '&amp;';
    } else if (char === '<') out += '&lt;';
    else if (char === '>') out += '&gt;';
    else out += char;
  }
  return out;
}

/** An annotation (a voice's name, a language tag) on one line, without markup. */
function cleanAnnotation(annotation: string): string {
  return escapeText(annotation.replace(/[\r\n\t]+/g, ' ').trim()).slice(0, 100);
}

export function sanitizeCueText(raw: string): string {
  const text = raw.replace(DROPPED_WITH_CONTENT, '').replace(ASS_OVERRIDE, '');
  const open: string[] = [];
  let out = '';
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    out += escapeText(text.slice(last, match.index));
    last = match.index + match[0].length;
    const [, closing, rawName, classes = '', rest = ''] = match;
    const name = rawName?.toLowerCase();
    if (!name || !ALLOWED_TAGS.has(name)) continue;
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    const annotation = name === 'v' || name === 'lang' ? cleanAnnotation(rest) : '';
    if (name === 'lang' && !/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(annotation)) continue;
    open.push(name);
    out += `<${name}${classes}${annotation ? ` ${annotation}` : ''}>`;
  }
  out += escapeText(text.slice(last));
  while (open.length > 0) out += `</${open.pop()}>`;
  return out
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .join('\n');
}

/** The words of a cue, without markup (previews, tests). */
export function cuePlainText(cueText: string): string {
  return cueText
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&lrm;|&rlm;/g, '')
    .replace(/&amp;/g, '&');
}
