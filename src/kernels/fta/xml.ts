// A small non-validating XML reader that remembers the line of every element, for the Open-PSA MEF.
// DOMParser does not exist in Node nor in Web Workers, and MEF files only need elements, attributes,
// text, comments, CDATA and the five predefined entities. Namespaced names are kept as written (xi:include).

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** Concatenated character data directly inside the element, trimmed. */
  text: string;
  line: number;
}

export class XmlSyntaxError extends Error {
  override name = "XmlSyntaxError";
  constructor(
    readonly line: number,
    readonly element: string | undefined,
    detail: string,
  ) {
    super(`line ${line}${element ? ` <${element}>` : ""}: ${detail}`);
  }
}

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function decodeEntities(text: string, line: number): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);?/g, (match, body: string) => {
    if (!match.endsWith(";")) throw new XmlSyntaxError(line, undefined, `unterminated entity '${match}'`);
    if (body[0] === "#") {
      const code = body[1] === "x" ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      return String.fromCodePoint(code);
    }
    const value = ENTITIES[body];
    if (value === undefined) throw new XmlSyntaxError(line, undefined, `unknown entity '&${body};'`);
    return value;
  });
}

const NAME = /[A-Za-z_:][-A-Za-z0-9_:.]*/y;
const ATTRIBUTE = /\s*([A-Za-z_:][-A-Za-z0-9_:.]*)\s*=\s*("([^"]*)"|'([^']*)')/y;

/** Parses a document and returns its root element. */
export function parseXml(source: string): XmlElement {
  let pos = 0;
  let line = 1;
  let counted = 0;
  // Newlines found with indexOf, not counted character by character: a command-line run parses cold, in
  // V8's interpreter, where a loop over every character of a 20 KB file took most of the parse.
  const lineAt = (at: number): number => {
    for (let i = source.indexOf("\n", counted); i >= 0 && i < at; i = source.indexOf("\n", i + 1)) line++;
    counted = Math.max(counted, at);
    return line;
  };
  const stack: XmlElement[] = [];
  const texts: string[][] = [];
  let root: XmlElement | undefined;
  const current = () => stack[stack.length - 1];

  while (pos < source.length) {
    const lt = source.indexOf("<", pos);
    const textEnd = lt < 0 ? source.length : lt;
    if (textEnd > pos) {
      const raw = source.slice(pos, textEnd);
      if (stack.length === 0) {
        if (raw.trim()) throw new XmlSyntaxError(lineAt(pos), undefined, "text outside the root element");
      } else {
        // The line only for an entity's error: most text is the whitespace between tags.
        texts[texts.length - 1].push(raw.includes("&") ? decodeEntities(raw, lineAt(pos)) : raw);
      }
    }
    if (lt < 0) break;
    pos = lt;
    if (source.startsWith("<!--", pos)) {
      const end = source.indexOf("-->", pos + 4);
      if (end < 0) throw new XmlSyntaxError(lineAt(pos), current()?.name, "unterminated comment");
      pos = end + 3;
    } else if (source.startsWith("<![CDATA[", pos)) {
      const end = source.indexOf("]]>", pos + 9);
      if (end < 0) throw new XmlSyntaxError(lineAt(pos), current()?.name, "unterminated CDATA section");
      if (stack.length) texts[texts.length - 1].push(source.slice(pos + 9, end));
      pos = end + 3;
    } else if (source.startsWith("<?", pos)) {
      const end = source.indexOf("?>", pos + 2);
      if (end < 0) throw new XmlSyntaxError(lineAt(pos), undefined, "unterminated processing instruction");
      pos = end + 2;
    } else if (source.startsWith("<!", pos)) {
      // DOCTYPE: skip to the matching '>' (MEF files do not declare internal subsets with markup).
      const end = source.indexOf(">", pos + 2);
      if (end < 0) throw new XmlSyntaxError(lineAt(pos), undefined, "unterminated declaration");
      pos = end + 1;
    } else if (source.startsWith("</", pos)) {
      NAME.lastIndex = pos + 2;
      const m = NAME.exec(source);
      const at = lineAt(pos);
      if (!m) throw new XmlSyntaxError(at, current()?.name, "malformed closing tag");
      const open = stack.pop();
      if (!open) throw new XmlSyntaxError(at, m[0], `closing tag </${m[0]}> without an opening tag`);
      if (open.name !== m[0])
        throw new XmlSyntaxError(
          at,
          open.name,
          `expected </${open.name}> (opened at line ${open.line}), found </${m[0]}>`,
        );
      open.text = texts.pop()?.join("").trim() ?? "";
      const end = source.indexOf(">", NAME.lastIndex);
      if (end < 0 || source.slice(NAME.lastIndex, end).trim())
        throw new XmlSyntaxError(at, open.name, `malformed closing tag </${m[0]}>`);
      pos = end + 1;
    } else {
      NAME.lastIndex = pos + 1;
      const m = NAME.exec(source);
      const at = lineAt(pos);
      if (!m) throw new XmlSyntaxError(at, current()?.name, "'<' not followed by an element name");
      const element: XmlElement = { name: m[0], attributes: {}, children: [], text: "", line: at };
      let cursor = NAME.lastIndex;
      for (;;) {
        ATTRIBUTE.lastIndex = cursor;
        const a = ATTRIBUTE.exec(source);
        if (!a) break;
        if (a[1] in element.attributes)
          throw new XmlSyntaxError(lineAt(cursor), element.name, `attribute '${a[1]}' appears twice`);
        element.attributes[a[1]] = decodeEntities(a[3] ?? a[4] ?? "", at);
        cursor = ATTRIBUTE.lastIndex;
      }
      while (cursor < source.length && /\s/.test(source[cursor])) cursor++;
      const selfClosing = source.startsWith("/>", cursor);
      if (!selfClosing && source[cursor] !== ">") {
        throw new XmlSyntaxError(
          lineAt(cursor),
          element.name,
          cursor >= source.length ? "unterminated start tag" : `unexpected '${source[cursor]}' in start tag`,
        );
      }
      pos = cursor + (selfClosing ? 2 : 1);
      const parent = current();
      if (parent) parent.children.push(element);
      else if (root) throw new XmlSyntaxError(at, element.name, "a second root element");
      else root = element;
      if (!selfClosing) {
        stack.push(element);
        texts.push([]);
      }
    }
  }
  if (stack.length) {
    const open = stack[stack.length - 1];
    throw new XmlSyntaxError(
      lineAt(source.length),
      open.name,
      `<${open.name}> opened at line ${open.line} is never closed`,
    );
  }
  if (!root) throw new XmlSyntaxError(lineAt(source.length), undefined, "no root element");
  return root;
}

export function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => `&${{ "<": "lt", ">": "gt", "&": "amp", '"': "quot", "'": "apos" }[c]};`,
  );
}
