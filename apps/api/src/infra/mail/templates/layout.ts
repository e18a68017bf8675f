import { BRAND_COLOURS as C, type Language } from '@husly/domain';
import escapeHtml from 'escape-html';
import type { MailBlock, MailContent, MailLine, RenderedMail } from './mail-template';

// The one layout of every mail: the plain text first (many readers show only that), and an HTML part
// of the same blocks in the brand's colours, made of tables and inline styles that mail clients keep.

const QUIET = `color:${C.inkSoft};font-size:13px`;
const BUTTON = `display:inline-block;padding:12px 20px;border-radius:999px;background:${C.brand};color:${C.surface};text-decoration:none;font-weight:bold`;

const linesOf = (block: MailBlock): { lines: MailLine[]; quiet?: boolean; strong?: boolean } =>
  Array.isArray(block) ? { lines: block } : typeof block === 'object' && 'lines' in block ? block : { lines: [block] };

const isEmpty = (line: MailLine) => line === '';

function lineText(line: MailLine): string {
  if (typeof line === 'string') return line;
  if ('button' in line) return `${line.button}: ${line.href}`;
  if ('item' in line) return `${line.item}\n${line.details}\n${line.href}`;
  return line.label ? `${line.label}: ${line.href}` : line.href;
}

function lineHtml(line: MailLine, quiet: boolean): string {
  if (typeof line === 'string') return escapeHtml(line).replace(/\n/g, '<br>');
  const href = escapeHtml(line.href);
  // The url under the button too: some clients show no buttons.
  if ('button' in line) return `<a href="${href}" style="${BUTTON}">${escapeHtml(line.button)}</a><br><span style="${QUIET}">${href}</span>`;
  if ('item' in line) {
    return (
      `<a href="${href}" style="color:${C.ink};font-weight:bold;font-size:16px;text-decoration:none">${escapeHtml(line.item)}</a>` +
      `<br><span style="color:${C.inkSoft};font-size:14px">${escapeHtml(line.details)}</span>`
    );
  }
  return `<a href="${href}" style="color:${quiet ? C.inkSoft : C.brand}">${escapeHtml(line.label ?? line.href)}</a>`;
}

export function renderLayout(language: Language, content: MailContent): RenderedMail {
  // An empty optional line (no areas, no message) leaves no gap.
  const blocks = content.blocks.map(linesOf).map((b) => ({ ...b, lines: b.lines.filter((l) => !isEmpty(l)) })).filter((b) => b.lines.length > 0);
  const text = blocks.map((b) => b.lines.map(lineText).join('\n')).join('\n\n');
  const body = blocks
    .map((b) => {
      const style = b.quiet ? QUIET : b.strong ? 'font-weight:bold' : '';
      return `<p style="margin:0 0 16px;${style}">${b.lines.map((l) => lineHtml(l, b.quiet === true)).join('<br>')}</p>`;
    })
    .join('');
  const html =
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:${C.sand};font-family:Arial,Helvetica,sans-serif;color:${C.ink};line-height:1.5">` +
    `<table role="presentation" width="100%" cellspacing="0" cellpadding="0"><tr><td align="center">` +
    `<div style="max-width:600px;margin:0 auto;padding:16px;background:${C.surface};text-align:left">` +
    `<div style="font-size:22px;font-weight:bold;color:${C.brand};padding:8px 0 16px">Husly</div>` +
    body +
    '</div></td></tr></table></body></html>';
  return { subject: content.subject, text, html };
}
