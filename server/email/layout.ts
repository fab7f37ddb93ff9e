/**
 * An email as a short list of blocks, written once and rendered twice: HTML with inline styles
 * only (mail clients drop <style> and external sheets) and a plain-text part that says the same
 * thing. Every text is plain and escaped here, so no caller ever writes markup.
 */

export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  /** Label and value pairs (order number, show, date). */
  | { kind: 'facts'; rows: [label: string, value: string][] }
  | { kind: 'list'; items: string[] }
  /** Lines kept together, e.g. a postal address. */
  | { kind: 'lines'; lines: string[] }
  | { kind: 'button'; label: string; href: string }
  | { kind: 'note'; text: string };

export interface EmailDocument {
  lang: string;
  title: string;
  /** The line inbox lists show after the subject. */
  preheader: string;
  blocks: Block[];
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/** Only web links go into an href: a `javascript:` or `data:` URL would be a trap. */
export function safeHref(href: string): string {
  const url = new URL(href);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`email links must be http(s), got ${url.protocol}`);
  }
  return url.toString();
}

// Dark text on white is 17:1; the muted grey still passes 4.5:1 (WCAG AA) on white.
const TEXT = '#1a1a1a';
const MUTED = '#52525b';
const PAGE = '#f4f4f5';
const FONT = 'font-family:Arial,Helvetica,sans-serif;';

function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'heading':
      return `<h2 style="${FONT}margin:28px 0 8px;font-size:20px;line-height:1.3;color:${TEXT};">${escapeHtml(block.text)}</h2>`;
    case 'paragraph':
      return `<p style="margin:0 0 16px;">${escapeHtml(block.text)}</p>`;
    case 'note':
      return `<p style="margin:0 0 16px;font-size:14px;color:${MUTED};">${escapeHtml(block.text)}</p>`;
    case 'facts':
      return `<table style="border-collapse:collapse;margin:0 0 16px;width:100%;">${block.rows
        .map(
          ([label, value]) =>
            `<tr><th scope="row" style="${FONT}text-align:left;vertical-align:top;padding:4px 16px 4px 0;font-weight:bold;white-space:nowrap;">${escapeHtml(label)}</th>` +
            `<td style="${FONT}vertical-align:top;padding:4px 0;">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`;
    case 'list':
      return `<ul style="margin:0 0 16px;padding:0 0 0 20px;">${block.items
        .map((item) => `<li style="margin:0 0 4px;">${escapeHtml(item)}</li>`)
        .join('')}</ul>`;
    case 'lines':
      return `<p style="margin:0 0 16px;padding:0 0 0 12px;border-left:3px solid #d4d4d8;">${block.lines
        .map(escapeHtml)
        .join('<br>')}</p>`;
    case 'button': {
      const href = escapeHtml(safeHref(block.href));
      return (
        `<p style="margin:8px 0 16px;"><a href="${href}" style="${FONT}display:inline-block;background-color:${TEXT};color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:6px;">${escapeHtml(block.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:14px;color:${MUTED};word-break:break-all;"><a href="${href}" style="color:${TEXT};">${href}</a></p>`
      );
    }
  }
}

export function toHtml(document: EmailDocument): string {
  return [
    '<!DOCTYPE html>',
    `<html lang="${escapeHtml(document.lang)}">`,
    '<head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(document.title)}</title></head>`,
    `<body style="margin:0;padding:0;background-color:${PAGE};">`,
    // Shown by inbox lists, hidden in the message itself.
    `<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(document.preheader)}</div>`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background-color:${PAGE};"><tr><td align="center" style="padding:24px 12px;">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background-color:#ffffff;border-radius:8px;"><tr>`,
    `<td style="${FONT}padding:32px 28px;font-size:16px;line-height:1.5;color:${TEXT};">`,
    `<h1 style="${FONT}margin:0 0 16px;font-size:26px;line-height:1.25;color:${TEXT};">${escapeHtml(document.title)}</h1>`,
    ...document.blocks.map(blockHtml),
    '</td></tr></table></td></tr></table></body></html>',
  ].join('\n');
}

/** Paragraphs wrapped near 72 columns, the width plain-text mail readers expect. */
function wrap(text: string, width = 72): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'heading':
      return `${block.text}\n${'-'.repeat(Math.min(block.text.length, 72))}`;
    case 'paragraph':
    case 'note':
      return wrap(block.text);
    case 'facts':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    case 'list':
      return block.items.map((item) => `- ${item}`).join('\n');
    case 'lines':
      return block.lines.map((line) => `  ${line}`).join('\n');
    case 'button':
      return `${block.label}:\n${safeHref(block.href)}`;
  }
}

export function toText(document: EmailDocument): string {
  const title = `${document.title}\n${'='.repeat(Math.min(document.title.length, 72))}`;
  return `${[title, ...document.blocks.map(blockText)].join('\n\n')}\n`;
}
