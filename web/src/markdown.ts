// A tiny Markdown renderer for hover docs: paragraphs, headings, fenced code
// blocks, bullet and numbered lists, and inline `code`, **bold** and
// *emphasis*. It builds DOM nodes and sets only textContent, so text from
// the server is never parsed as HTML.

export function renderMarkdown(md: string): HTMLElement {
  const root = document.createElement('div');
  root.className = 'md';
  const lines = md.replace(/\r\n?/g, '\n').split('\n');
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const fence = /^\s*(```|~~~)/.exec(line);
    if (fence) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !lines[i].trimStart().startsWith(fence[1])) code.push(lines[i++]);
      i++;
      const pre = document.createElement('pre');
      const c = document.createElement('code');
      c.textContent = code.join('\n');
      pre.appendChild(c);
      root.appendChild(pre);
      continue;
    }
    if (line.trim() === '') {
      i++;
      continue;
    }
    // A table: rows of | cells |, the second row | --- | dashes.
    if (/^\s*\|/.test(line) && i + 1 < lines.length && /^\s*\|?\s*:?-{2,}/.test(lines[i + 1])) {
      const table = document.createElement('table');
      const head = document.createElement('thead');
      head.appendChild(row(line, 'th'));
      table.appendChild(head);
      i += 2;
      const body = document.createElement('tbody');
      while (i < lines.length && /^\s*\|/.test(lines[i])) body.appendChild(row(lines[i++], 'td'));
      table.appendChild(body);
      root.appendChild(table);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const h = document.createElement('div');
      h.className = `md-h md-h${heading[1].length}`;
      inline(h, heading[2]);
      root.appendChild(h);
      i++;
      continue;
    }
    const bullet = /^\s*([-*+]|\d+[.)])\s+/;
    if (bullet.test(line)) {
      const ordered = /^\s*\d/.test(line);
      const list = document.createElement(ordered ? 'ol' : 'ul');
      while (i < lines.length && lines[i].trim() !== '') {
        const m = bullet.exec(lines[i]);
        if (m) {
          const li = document.createElement('li');
          inline(li, lines[i].slice(m[0].length));
          list.appendChild(li);
        } else if (list.lastChild) {
          // a continuation line of the item
          inline(list.lastChild as HTMLElement, ' ' + lines[i].trim());
        }
        i++;
      }
      root.appendChild(list);
      continue;
    }
    // An indented block of four spaces: code.
    if (/^( {4}|\t)/.test(line)) {
      const code: string[] = [];
      while (i < lines.length && (/^( {4}|\t)/.test(lines[i]) || lines[i].trim() === '')) {
        code.push(lines[i].replace(/^( {4}|\t)/, ''));
        i++;
      }
      while (code.length && code[code.length - 1].trim() === '') code.pop();
      const pre = document.createElement('pre');
      const c = document.createElement('code');
      c.textContent = code.join('\n');
      pre.appendChild(c);
      root.appendChild(pre);
      continue;
    }
    const para: string[] = [];
    while (
      i < lines.length &&
      lines[i].trim() !== '' &&
      !/^\s*(```|~~~)/.test(lines[i]) &&
      !/^#{1,6}\s/.test(lines[i]) &&
      !/^\s*\|/.test(lines[i]) &&
      !bullet.test(lines[i])
    ) {
      para.push(lines[i].trim());
      i++;
    }
    const p = document.createElement('p');
    inline(p, para.join(' '));
    root.appendChild(p);
  }
  return root;
}

/** A table row from `| a | b |` (a `\\|` stays in its cell). */
function row(line: string, tag: 'th' | 'td'): HTMLTableRowElement {
  const tr = document.createElement('tr');
  const text = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  // Split at | outside code spans and not escaped.
  const cells: string[] = [];
  let cur = '';
  let code = false;
  for (let k = 0; k < text.length; k++) {
    const ch = text[k];
    if (ch === '\\' && text[k + 1] === '|') {
      cur += '\\|';
      k++;
    } else if (ch === '`') {
      code = !code;
      cur += ch;
    } else if (ch === '|' && !code) {
      cells.push(cur);
      cur = '';
    } else cur += ch;
  }
  cells.push(cur);
  for (const c of cells) {
    const cell = document.createElement(tag);
    inline(cell, c.trim().replace(/\\\|/g, '|'));
    tr.appendChild(cell);
  }
  return tr;
}

/** Appends `text` to `parent`, with `code`, **bold** and *emphasis* spans. */
function inline(parent: HTMLElement, text: string): void {
  const re = /(`+)([\s\S]*?[^`])\1(?!`)|\*\*([^*]+)\*\*|(?<![\w*])\*([^*\s][^*]*)\*(?![\w*])/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) parent.appendChild(document.createTextNode(text.slice(last, m.index)));
    let el: HTMLElement;
    if (m[1] !== undefined) {
      el = document.createElement('code');
      el.textContent = m[2].trim() === '' ? m[2] : m[2].replace(/^ (.*) $/, '$1');
    } else if (m[3] !== undefined) {
      el = document.createElement('strong');
      el.textContent = m[3];
    } else {
      el = document.createElement('em');
      el.textContent = m[4];
    }
    parent.appendChild(el);
    last = m.index + m[0].length;
  }
  if (last < text.length) parent.appendChild(document.createTextNode(text.slice(last)));
}

/**
 * Plain text wrapped at a fixed width (as `lud describe` and `lud explain`
 * write it), reflowed to the width of the page: a line indented two more
 * than the line before goes on that line's item (a hanging indent), lines
 * at the left margin go on their paragraph, and a line above `---` or
 * `===` is a heading. Built with textContent only.
 */
export function renderPlain(text: string): HTMLElement {
  const root = document.createElement('div');
  root.className = 'plain';
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const underline = (l: string | undefined) => l !== undefined && /^\s*(-{3,}|={3,})\s*$/.test(l);
  const item = /^\s*([-*•]|\d+[.)])\s/;
  let cur: { el: HTMLElement; indent: number } | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === '') {
      cur = null;
      continue;
    }
    if (underline(line)) {
      cur = null;
      continue;
    }
    const indent = line.length - line.trimStart().length;
    if (underline(lines[i + 1])) {
      const h = document.createElement('div');
      h.className = lines[i + 1].includes('=') ? 'plain-title' : 'plain-heading';
      h.textContent = line.trim();
      root.appendChild(h);
      cur = null;
      continue;
    }
    const joins =
      cur !== null &&
      !item.test(line) &&
      ((cur.indent === 0 && indent === 0) || (indent > cur.indent && indent <= cur.indent + 4));
    if (joins && cur) {
      cur.el.textContent += ` ${line.trim()}`;
      continue;
    }
    const p = document.createElement('div');
    p.className = 'plain-line';
    if (indent > 0) {
      p.style.paddingLeft = `${indent + 2}ch`;
      p.style.textIndent = '-2ch';
    }
    // A new paragraph after a blank line: a little room above.
    if (i > 0 && lines[i - 1].trim() === '' && root.lastChild) p.classList.add('gap');
    p.textContent = line.trim();
    root.appendChild(p);
    cur = { el: p, indent };
  }
  return root;
}
