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

/** Parses a document and returns its root element. Throws XmlSyntaxError naming the line. */
export function parseXml(source: string): XmlElement {
  return scanXml(source) ?? readXml(source);
}

/**
 * One step of the scanner: the whitespace before a '<' (group 1), then a start tag (its name, the text of
 * its attributes and its '/' if it closes itself: groups 2 to 4), an end tag (its name: group 5), a comment
 * or a processing instruction. The name must end where readXml's greedy match ends (the lookahead), and
 * the attributes are those its loop accepts: zero or more `name = "value"` with optional whitespace
 * before each.
 */
const TOKEN =
  /(\s*)<(?:([A-Za-z_:][-A-Za-z0-9_:.]*)(?![-A-Za-z0-9_:.])((?:\s*[A-Za-z_:][-A-Za-z0-9_:.]*\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|\/([A-Za-z_:][-A-Za-z0-9_:.]*)(?![-A-Za-z0-9_:.])\s*>|!--[\s\S]*?-->|\?[\s\S]*?\?>)/y;
const ATTRIBUTES = /\s*([A-Za-z_:][-A-Za-z0-9_:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * The same tree as readXml for a well-formed document without CDATA or a DOCTYPE (what MEF files are), in
 * about 60% of its time in a cold command-line run (das9208.xml: 1.3-1.6 ms against 2.3-2.6): one regular
 * expression match per tag, whitespace between tags skipped inside it rather than sliced into strings, no
 * per-element list of text pieces. Undefined for anything else, malformed input included, which readXml
 * then reads or reports with its exact message.
 * tests/kernels/fta/xml.test.ts holds the two readers to the same tree on every fixture file.
 */
export function scanXml(source: string): XmlElement | undefined {
  let pos = 0;
  let line = 1;
  let counted = 0;
  const stack: XmlElement[] = [];
  let current: XmlElement | undefined;
  let root: XmlElement | undefined;
  try {
    while (pos < source.length) {
      TOKEN.lastIndex = pos;
      const m = TOKEN.exec(source);
      if (m === null) {
        // Character data up to the next '<' (or the end), or markup left to readXml.
        const lt = source.indexOf("<", pos);
        if (lt === pos) return undefined;
        const raw = source.slice(pos, lt < 0 ? source.length : lt);
        if (current === undefined) {
          if (raw.trim()) return undefined;
        } else {
          current.text += raw.includes("&") ? decodeEntities(raw, 0) : raw;
        }
        if (lt < 0) break;
        pos = lt;
        continue;
      }
      // Whitespace between tags counts only between pieces of text: readXml trims an element's text.
      const space = m[1];
      if (space !== "" && current !== undefined && current.text !== "") current.text += space;
      pos = TOKEN.lastIndex;
      const name = m[2];
      if (name !== undefined) {
        const at = m.index + space.length;
        for (let i = source.indexOf("\n", counted); i >= 0 && i < at; i = source.indexOf("\n", i + 1)) line++;
        counted = at;
        const attributes: Record<string, string> = {};
        if (m[3] !== "") {
          ATTRIBUTES.lastIndex = 0;
          for (let a = ATTRIBUTES.exec(m[3]); a !== null; a = ATTRIBUTES.exec(m[3])) {
            if (a[1] in attributes) return undefined;
            const value = a[2] ?? a[3];
            attributes[a[1]] = value.includes("&") ? decodeEntities(value, 0) : value;
          }
        }
        const element: XmlElement = { name, attributes, children: [], text: "", line };
        if (current !== undefined) current.children.push(element);
        else if (root === undefined) root = element;
        else return undefined;
        if (m[4] === "") {
          stack.push(element);
          current = element;
        }
      } else if (m[5] !== undefined) {
        if (current === undefined || current.name !== m[5]) return undefined;
        current.text = current.text.trim();
        stack.pop();
        current = stack[stack.length - 1];
      }
    }
  } catch {
    return undefined;
  }
  return stack.length === 0 ? root : undefined;
}

/**
 * The full reader: every construct the MEF files may hold (CDATA and a DOCTYPE too), and for malformed
 * input the line and what is wrong. Kept as it was before scanXml, which it backs.
 */
export function readXml(source: string): XmlElement {
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
