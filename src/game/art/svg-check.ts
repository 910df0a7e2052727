// A light well-formedness check for the SVG strings the art module emits, used by the art tests
// (portrait.test.ts, icon.test.ts, scene.test.ts): balanced tags, quoted attributes, unique ids, and every
// url(#…) / href pointing at an id defined in the same document.

export interface SvgReport {
  ok: boolean;
  problems: string[];
  ids: string[];
}

const TAG = /<(\/?)([a-zA-Z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/y;

export function checkSvg(svg: string): SvgReport {
  const problems: string[] = [];
  const ids: string[] = [];
  if (!svg.startsWith('<svg ')) problems.push('does not start with <svg');
  if (!svg.endsWith('</svg>')) problems.push('does not end with </svg>');
  const stack: string[] = [];
  let i = 0;
  while (i < svg.length && problems.length < 5) {
    const lt = svg.indexOf('<', i);
    if (lt < 0) break;
    const text = svg.slice(i, lt);
    if (text.includes('>')) problems.push(`stray '>' near ${lt}`);
    TAG.lastIndex = lt;
    const m = TAG.exec(svg);
    if (!m) {
      problems.push(`malformed tag at ${lt}: ${svg.slice(lt, lt + 60)}`);
      break;
    }
    const [whole, closing, name, attrs, selfClosing] = m;
    for (const a of attrs.matchAll(/\sid="([^"]*)"/g)) ids.push(a[1]);
    if (closing) {
      const open = stack.pop();
      if (open !== name) problems.push(`</${name}> closes <${open}>`);
    } else if (!selfClosing) {
      stack.push(name);
      if (name === 'style' || name === 'title') {
        const end = svg.indexOf(`</${name}>`, lt + whole.length);
        if (end < 0) problems.push(`unclosed <${name}>`);
        i = end < 0 ? svg.length : end;
        continue;
      }
    }
    i = lt + whole.length;
  }
  if (stack.length) problems.push(`unclosed: ${stack.join(',')}`);
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) problems.push(`duplicate id ${id}`);
    seen.add(id);
  }
  for (const ref of svg.matchAll(/url\(#([^)]+)\)|href="#([^"]+)"/g)) {
    const target = ref[1] ?? ref[2];
    if (!seen.has(target)) problems.push(`reference to missing #${target}`);
  }
  return { ok: problems.length === 0, problems, ids };
}
